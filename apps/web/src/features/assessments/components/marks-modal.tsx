import type { AssessmentDetail } from '@bo/contract';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetMarks } from '../api/set-marks.ts';

const questionsWord = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/**
 * One set of marks and negative marks: "Marks for all" (every question
 * item) or, given `chosen`, the questions selected in the builder.
 */
export function MarksModal({
  detail,
  chosen,
  onClose,
}: {
  detail: AssessmentDetail;
  /** Question item ids; left out: every question of the assessment. */
  chosen?: number[];
  onClose: () => void;
}) {
  const setMarks = useSetMarks(detail.kind);
  const [marks, setMarksValue] = useState<number | string>(detail.defaultMarks ?? 1);
  const [negative, setNegative] = useState<number | string>(detail.defaultNegativeMarks ?? 0);
  const m = Number(marks);
  const n = Number(negative || 0);
  const error =
    marks === '' ? 'Required' : n > m ? 'Negative marks cannot be more than the marks' : null;
  const which = chosen ? `the ${questionsWord(chosen.length)} chosen` : 'every question';
  return (
    <Modal
      opened
      onClose={onClose}
      title={chosen ? `Marks for ${questionsWord(chosen.length)}` : 'Marks for every question'}
    >
      <Stack>
        <Text fz="sm" c="dimmed">
          {chosen
            ? 'The chosen questions get these marks; the others keep theirs.'
            : 'Every question of this assessment gets these marks; instruction blocks have none.'}
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label="Marks"
            min={0}
            step={0.5}
            decimalScale={2}
            value={marks}
            onChange={setMarksValue}
            error={marks === '' ? 'Required' : undefined}
            data-autofocus
          />
          <NumberInput
            label="Negative marks"
            min={0}
            step={0.25}
            decimalScale={2}
            value={negative}
            onChange={setNegative}
            error={n > m ? 'Negative marks cannot be more than the marks' : undefined}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!!error}
            loading={setMarks.isPending}
            onClick={() =>
              setMarks.mutate(
                { id: detail.id, itemIds: chosen, marks: m, negativeMarks: n },
                {
                  onSuccess: () => {
                    notifySuccess(`Marks set for ${which}.`);
                    onClose();
                  },
                  onError: (e) => notifyError(e, 'Could not set the marks'),
                },
              )
            }
          >
            {chosen ? 'Set marks' : 'Set for all'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
