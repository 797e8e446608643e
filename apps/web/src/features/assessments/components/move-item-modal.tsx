import type { AssessmentSection } from '@bo/contract';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { RowItem } from './item-row.tsx';

const NONE = 'none';

/**
 * "Move to section", for one item or the builder's chosen ones: they go to
 * the end of the section chosen, or among the items outside any section;
 * the section they all share already is not offered.
 */
export function MoveItemModal({
  items,
  sections,
  onMove,
  onClose,
}: {
  items: RowItem[];
  sections: AssessmentSection[];
  /** Saves the move; resolves once the builder has been read again. */
  onMove: (sectionId: number | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const from = new Set(items.map((i) => i.sectionId));
  const shared = from.size === 1 ? items[0]?.sectionId : undefined;
  const choices = [
    ...sections.filter((s) => s.id !== shared).map((s) => ({ value: String(s.id), label: s.name })),
    ...(shared === null ? [] : [{ value: NONE, label: 'Outside any section' }]),
  ];
  const [to, setTo] = useState(choices[0]?.value ?? '');
  const [saving, setSaving] = useState(false);
  const what = items.length === 1 ? 'Moved' : `${items.length} items moved`;
  const move = async () => {
    const label = choices.find((c) => c.value === to)?.label;
    setSaving(true);
    try {
      await onMove(to === NONE ? null : Number(to));
      const out =
        items.length === 1 ? 'Moved out of its section.' : `${what} out of their sections.`;
      notifySuccess(to === NONE ? out : `${what} to ${label}.`);
      onClose();
    } catch (e) {
      notifyError(e, items.length === 1 ? 'Could not move the item' : 'Could not move the items');
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={items.length === 1 ? 'Move to section' : `Move ${items.length} items to a section`}
    >
      <Stack>
        {items.length === 1 && <Text fz="sm">{items[0]?.name}</Text>}
        <Radio.Group
          label="Section"
          description={
            items.length === 1
              ? 'It goes to the end of the section.'
              : 'They go to the end of the section, in their present order.'
          }
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
