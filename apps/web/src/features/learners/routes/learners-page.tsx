import type { Learner } from '@bo/contract';
import { learnerListQuery } from '@bo/contract/learners';
import { Button } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportListButton } from '../../../components/export-list-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SelectionBar } from '../../../components/selection-bar.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { exportLearners } from '../api/export-learners.ts';
import { useLearners } from '../api/list-learners.ts';
import { BlockLearners } from '../components/lazy-block-learners.ts';
import { hasLearnerFilters, LearnersFilters } from '../components/learners-filters.tsx';
import { LearnersTable } from '../components/learners-table.tsx';

/** /learners: the learners of the app (state in the URL), their export, block and unblock. */
export function LearnersPage() {
  const params = useListParams(learnerListQuery);
  const { values, update } = params;
  const list = useLearners(values);
  const [selected, setSelected] = useRowSelection<Learner>(values);
  const [blocking, setBlocking] = useState(false);
  // In the header it acts on all that match; in the selection bar, on the rows picked.
  const blockButton = (inBar: boolean) => (
    <Button
      size={inBar ? 'xs' : 'sm'}
      variant={inBar ? 'light' : 'default'}
      leftSection={<IconBan size={inBar ? 14 : 16} />}
      onClick={() => setBlocking(true)}
    >
      Block or unblock…
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Learners"
        description="Learners registered in the learner app: their details, devices and activity."
        actions={
          <>
            {/* With nothing selected: every learner that matches the filters. */}
            {selected.length === 0 && blockButton(false)}
            <ExportListButton
              values={values}
              download={exportLearners}
              failure="Could not export the learners"
            />
          </>
        }
      />
      <LearnersFilters values={values} onChange={update} />
      {selected.length > 0 && (
        <SelectionBar count={selected.length} onClear={() => setSelected([])}>
          {blockButton(true)}
        </SelectionBar>
      )}
      {blocking && (
        <BlockLearners
          selected={selected}
          listValues={values}
          matchingCount={list.data ? { n: list.data.total, estimate: false } : null}
          onClose={() => {
            setBlocking(false);
            setSelected([]);
          }}
        />
      )}
      <LearnersTable
        params={params}
        query={list}
        filtered={hasLearnerFilters(values)}
        selected={selected}
        onSelect={setSelected}
      />
    </>
  );
}
