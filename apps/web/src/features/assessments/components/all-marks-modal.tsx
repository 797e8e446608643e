import type { AssessmentDetail } from '@bo/contract';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAllMarks } from '../api/all-marks.ts';

/** "Marks for all": one set of marks and negative marks for every question item. */
export function AllMarksModal({
  detail,
  onClose,
}: {
  detail: AssessmentDetail;
  onClose: () => void;
}) {
  const all = useAllMarks(detail.kind);
  const [marks, setMarks] = useState<number | string>(detail.defaultMarks ?? 1);
  const [negative, setNegative] = useState<number | string>(detail.defaultNegativeMarks ?? 0);
  const m = Number(marks);
  const n = Number(negative || 0);
  const error =
    marks === '' ? 'Required' : n > m ? 'Negative marks cannot be more than the marks' : null;
  return (
    <Modal opened onClose={onClose} title="Marks for every question">
      <Stack>
        <Text fz="sm" c="dimmed">
          Every question of this assessment gets these marks; instruction blocks have none.
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label="Marks"
            min={0}
            step={0.5}
            decimalScale={2}
            value={marks}
            onChange={setMarks}
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
            loading={all.isPending}
            onClick={() =>
              all.mutate(
                { id: detail.id, marks: m, negativeMarks: n },
                {
                  onSuccess: () => {
                    notifySuccess('Marks set for every question.');
                    onClose();
                  },
                  onError: (e) => notifyError(e, 'Could not set the marks'),
                },
              )
            }
          >
            Set for all
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
