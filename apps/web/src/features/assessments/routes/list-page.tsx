import type { AssessmentKind } from '@bo/contract';
import { assessmentListQuery } from '@bo/contract/assessment-bodies';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { useAssessments } from '../api/list-assessments.ts';
import { AssessmentFilters, hasAssessmentFilters } from '../components/assessment-filters.tsx';
import { AssessmentsTable } from '../components/assessments-table.tsx';
import { KINDS } from '../kinds.ts';

const NewAssessmentModal = lazyDialog(() =>
  import('../components/new-assessment-modal.tsx').then((m) => m.NewAssessmentModal),
);
const GeneralInstructionsModal = lazyDialog(() =>
  import('../components/general-instructions-modal.tsx').then((m) => m.GeneralInstructionsModal),
);
const NewCategoryModal = lazyDialog(() =>
  import('../components/new-category-modal.tsx').then((m) => m.NewCategoryModal),
);

/** /practices, /mock-tests, /diagnostic-tests, /video-quizzes: one list, the kind's filters. */
export function AssessmentsListPage({ kind }: { kind: AssessmentKind }) {
  const def = KINDS[kind];
  const params = useListParams(assessmentListQuery);
  const { values } = params;
  const list = useAssessments(kind, values);
  // The book page's "New practice" on a node lands here with `newFor=<node id>`.
  const [search, setSearch] = useSearchParams();
  const newFor = kind === 'practice' ? Number(search.get('newFor')) || null : null;
  const [creating, setCreating] = useState(false);
  const closeNew = () => {
    setCreating(false);
    if (newFor)
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('newFor');
          return next;
        },
        { replace: true },
      );
  };
  const [addingCategory, setAddingCategory] = useState(false);
  const [editingInstructions, setEditingInstructions] = useState(false);
  // Unsorted, the server lists the last updated first: the table shows that.
  const tableParams = {
    ...params,
    values: values.sort ? values : { ...values, sort: 'updatedAt', order: 'desc' as const },
  };

  return (
    <>
      <PageHeader
        title={def.plural}
        description={def.description}
        actions={
          <>
            {kind === 'practice' && (
              <Button variant="default" onClick={() => setEditingInstructions(true)}>
                General instructions
              </Button>
            )}
            {def.filters.includes('testCategoryId') && (
              <Button variant="default" onClick={() => setAddingCategory(true)}>
                New category
              </Button>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New {def.label.toLowerCase()}
            </Button>
          </>
        }
      />
      <AssessmentFilters kind={kind} values={values} onChange={params.update} />
      <AssessmentsTable
        kind={kind}
        params={tableParams}
        query={list}
        filtered={hasAssessmentFilters(values)}
      />
      {(creating || newFor) && (
        <NewAssessmentModal
          kind={kind}
          initial={newFor ? { tocNodeId: newFor } : {}}
          onClose={closeNew}
        />
      )}
      {addingCategory && <NewCategoryModal onClose={() => setAddingCategory(false)} />}
      {editingInstructions && (
        <GeneralInstructionsModal onClose={() => setEditingInstructions(false)} />
      )}
    </>
  );
}
