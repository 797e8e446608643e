import type { AssessmentDetail } from '@bo/contract';
import { Button, Group, Spoiler, Text } from '@mantine/core';
import { IconFilter, IconInfoSquare, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';
import { KINDS } from '../kinds.ts';
import { ruleSummary } from './fill-rule.ts';

const FillSectionModal = lazyDialog(() =>
  import('./fill-section-modal.tsx').then((m) => m.FillSectionModal),
);
const SectionInstructionsModal = lazyDialog(() =>
  import('./section-instructions-modal.tsx').then((m) => m.SectionInstructionsModal),
);

/**
 * Under a section's title in the builder: its instructions (folded when
 * long), its kept fill rule, and the actions on them: "Add questions" straight
 * into this section, "Instructions" and "Fill by rule" (where the kind fills
 * by rule).
 */
export function SectionTools({
  detail,
  sectionId,
  onAddQuestions,
}: {
  detail: AssessmentDetail;
  sectionId: number;
  onAddQuestions: (sectionId: number) => void;
}) {
  const [dialog, setDialog] = useState<'fill' | 'instructions' | null>(null);
  const section = detail.sections.find((s) => s.id === sectionId);
  if (!section) return null;
  const close = () => setDialog(null);
  return (
    <>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onAddQuestions(sectionId)}
          aria-label={`Add questions to ${section.name}`}
        >
          Add questions
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconInfoSquare size={14} />}
          onClick={() => setDialog('instructions')}
        >
          Instructions
        </Button>
        {KINDS[detail.kind].ops.fillSection && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFilter size={14} />}
            onClick={() => setDialog('fill')}
          >
            Fill by rule
          </Button>
        )}
        {section.rule && (
          <Text fz="xs" c="dimmed">
            {ruleSummary(section.rule.mix)}
          </Text>
        )}
      </Group>
      {section.instructions && (
        <Spoiler maxHeight={48} showLabel="Show all" hideLabel="Show less" fz="sm">
          <RichTextView html={section.instructions} />
        </Spoiler>
      )}
      {dialog === 'fill' && <FillSectionModal detail={detail} section={section} onClose={close} />}
      {dialog === 'instructions' && (
        <SectionInstructionsModal detail={detail} section={section} onClose={close} />
      )}
    </>
  );
}
