import type { AssessmentDetail } from '@bo/contract';
import { Button, Group, Paper, Spoiler, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';

const AssessmentInstructionsModal = lazyDialog(() =>
  import('./assessment-instructions-modal.tsx').then((m) => m.AssessmentInstructionsModal),
);

/** The assessment's own instructions under the builder's header, folded when long, and "Edit". */
export function InstructionsPanel({ detail }: { detail: AssessmentDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder p="md" mb="md" data-testid="assessment-instructions">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          Instructions
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPencil size={14} />}
          onClick={() => setEditing(true)}
        >
          Edit instructions
        </Button>
      </Group>
      {detail.instructions ? (
        <Spoiler maxHeight={72} showLabel="Show all" hideLabel="Show less">
          <RichTextView html={detail.instructions} />
        </Spoiler>
      ) : (
        <Text fz="sm" c="dimmed">
          {detail.kind === 'practice'
            ? 'None of its own: the practices’ general instructions show.'
            : 'None: the learner starts with the first question.'}
        </Text>
      )}
      {editing && <AssessmentInstructionsModal detail={detail} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
