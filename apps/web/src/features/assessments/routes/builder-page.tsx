import type { AssessmentKind } from '@bo/contract';
import { Alert, Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import {
  IconChartBar,
  IconCopy,
  IconEye,
  IconInfoSquare,
  IconPlus,
  IconScale,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePageCrumb } from '../../../lib/page-crumb.ts';
import { canOpen, useMe } from '../../../lib/session.ts';
import { useClone } from '../api/clone-assessment.ts';
import { assessmentIdOf, useAssessment } from '../api/get-assessment.ts';
import { BuilderHeader } from '../components/builder-header.tsx';
import { BuilderItems } from '../components/builder-items.tsx';
import { InstructionsPanel } from '../components/instructions-panel.tsx';
import type { RowItem } from '../components/item-row.tsx';
import { MomentField } from '../components/moment-field.tsx';
import { NO_PROBLEMS, type Problems } from '../components/problems.ts';
import { DiagnosticSectionsPanel, MockSectionsPanel } from '../components/sections-panel.tsx';
import { VideoPanel } from '../components/video-panel.tsx';
import { KINDS } from '../kinds.ts';

const InstructionModal = lazyDialog(() =>
  import('../components/instruction-modal.tsx').then((m) => m.InstructionModal),
);
// Its filters (grades, subjects…) and their reads come when the admin opens it, not with the page.
const AddQuestionsDrawer = lazyDialog(() =>
  import('../components/add-questions-drawer.tsx').then((m) => m.AddQuestionsDrawer),
);
const MarksModal = lazyDialog(() =>
  import('../components/marks-modal.tsx').then((m) => m.MarksModal),
);

/**
 * /<kind path>/:id: the one builder of the four kinds. What a kind can do
 * (rename, reorder, marks for all, instruction blocks, clone) comes from
 * kinds.ts; sections and the video's player are the kinds' own panels.
 */
export function AssessmentBuilderPage({ kind }: { kind: AssessmentKind }) {
  const def = KINDS[kind];
  const id = assessmentIdOf(useParams().id);
  const detail = useAssessment(kind, id);
  const navigate = useNavigate();
  const me = useMe();
  usePageCrumb(detail.data?.name);
  const clone = useClone(kind);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  // The picker, open to add at the start or into a section.
  const [picking, setPicking] = useState<{ sectionId: number | null } | null>(null);
  const addInto = useCallback((sectionId: number) => setPicking({ sectionId }), []);
  const [dialog, setDialog] = useState<'instruction' | 'marks' | null>(null);
  // Stable, so the memoised rows keep their render.
  const momentOf = useCallback(
    (item: RowItem) => (
      <MomentField quizId={id} itemId={item.id} name={item.name} atSeconds={item.atSeconds} />
    ),
    [id],
  );

  if (id === 0 || (detail.error instanceof ApiError && detail.error.status === 404))
    return (
      <StatusPage code="404" title={`${def.label} not found`}>
        Nothing has this address. It may have been deleted, or the link is incomplete.
      </StatusPage>
    );
  if (detail.isPending)
    return (
      <Stack>
        <Skeleton h={120} />
        <Skeleton h={300} />
      </Stack>
    );
  if (detail.isError)
    return (
      <Alert color="red" title={`Could not load the ${def.label.toLowerCase()}`}>
        {errorMessage(detail.error)}{' '}
        <Anchor component={Link} to={def.path}>
          Back to the list
        </Anchor>
      </Alert>
    );
  const a = detail.data;
  const { ops } = def;

  return (
    <>
      <BuilderHeader
        detail={a}
        problems={problems}
        onProblems={(p) => setProblems(p ?? NO_PROBLEMS)}
      />
      <InstructionsPanel detail={a} />
      <Group gap="sm" mb="md">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setPicking({ sectionId: null })}
        >
          Add questions
        </Button>
        {ops.instruction && (
          <Button
            variant="default"
            leftSection={<IconInfoSquare size={16} />}
            onClick={() => setDialog('instruction')}
          >
            Add instruction
          </Button>
        )}
        {ops.allMarks && (
          <Button
            variant="default"
            leftSection={<IconScale size={16} />}
            onClick={() => setDialog('marks')}
          >
            Marks for all
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          component={Link}
          to={`${def.path}/${a.id}/preview`}
        >
          Preview as a learner
        </Button>
        {canOpen(me.data, 'reports') && (
          <Button
            variant="default"
            leftSection={<IconChartBar size={16} />}
            component={Link}
            to={`/reports/assessments/${a.id}`}
          >
            Results
          </Button>
        )}
        {ops.clone && (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            loading={clone.isPending}
            onClick={() =>
              clone.mutate(
                { id: a.id },
                {
                  onSuccess: (copy) => {
                    notifySuccess(`“${copy.name}” created as a draft.`);
                    void navigate(`${def.path}/${copy.id}`);
                  },
                  onError: (e) => notifyError(e, 'Could not clone'),
                },
              )
            }
          >
            Clone
          </Button>
        )}
      </Group>
      {kind === 'mock_test' && <MockSectionsPanel detail={a} />}
      {kind === 'diagnostic' && <DiagnosticSectionsPanel detail={a} />}
      {kind === 'video_quiz' && <VideoPanel detail={a} />}
      <BuilderItems
        detail={a}
        problems={problems}
        extraOf={kind === 'video_quiz' ? momentOf : undefined}
        onAddQuestions={addInto}
      />
      {picking && (
        <AddQuestionsDrawer
          detail={a}
          sectionId={picking.sectionId}
          opened
          onClose={() => setPicking(null)}
        />
      )}
      {dialog === 'instruction' && <InstructionModal detail={a} onClose={() => setDialog(null)} />}
      {dialog === 'marks' && <MarksModal detail={a} onClose={() => setDialog(null)} />}
    </>
  );
}
