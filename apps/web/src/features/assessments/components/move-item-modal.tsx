import type { AssessmentSection } from '@bo/contract';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { RowItem } from './item-row.tsx';

const NONE = 'none';

/**
 * "Move to section": the item goes to the end of the section chosen, or
 * among the items outside any section; its own section is not offered.
 */
export function MoveItemModal({
  item,
  sections,
  onMove,
  onClose,
}: {
  item: RowItem;
  sections: AssessmentSection[];
  /** Saves the move; resolves once the builder has been read again. */
  onMove: (sectionId: number | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const choices = [
    ...sections
      .filter((s) => s.id !== item.sectionId)
      .map((s) => ({ value: String(s.id), label: s.name })),
    ...(item.sectionId == null ? [] : [{ value: NONE, label: 'Outside any section' }]),
  ];
  const [to, setTo] = useState(choices[0]?.value ?? '');
  const [saving, setSaving] = useState(false);
  const move = async () => {
    const label = choices.find((c) => c.value === to)?.label;
    setSaving(true);
    try {
      await onMove(to === NONE ? null : Number(to));
      notifySuccess(to === NONE ? 'Moved out of its section.' : `Moved to ${label}.`);
      onClose();
    } catch (e) {
      notifyError(e, 'Could not move the item');
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Move to section">
      <Stack>
        <Text fz="sm">{item.name}</Text>
        <Radio.Group
          label="Section"
          description="It goes to the end of the section."
          value={to}
          onChange={setTo}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!to} loading={saving} onClick={() => void move()}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
