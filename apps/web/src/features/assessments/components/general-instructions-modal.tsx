import { Button, Group, Input, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGeneralInstructions, useSaveGeneralInstructions } from '../api/general-instructions.ts';
import { LazyRichTextField } from './lazy-rich-text.tsx';

const editorSkeleton = (
  <Input.Wrapper label="General instructions" labelElement="div">
    <Skeleton h={200} mt={4} />
  </Input.Wrapper>
);

/** The general instructions every practice shows unless it has its own, in rich text. */
export function GeneralInstructionsModal({ onClose }: { onClose: () => void }) {
  const current = useGeneralInstructions();
  const save = useSaveGeneralInstructions();
  const [html, setHtml] = useState<string | null>(null);
  const value = html ?? current.data?.html ?? '';
  const submit = () =>
    save.mutate(value, {
      onSuccess: () => {
        notifySuccess('General instructions saved.');
        onClose();
      },
      onError: (e) => notifyError(e, 'Could not save the instructions'),
    });
  return (
    <Modal opened onClose={onClose} title="General instructions of practices" size="lg">
      <Stack>
        <Text fz="sm" c="dimmed">
          Shown at the start of every practice that has no instructions of its own.
        </Text>
        {current.isPending ? (
          editorSkeleton
        ) : (
          <LazyRichTextField
            label="General instructions"
            value={value}
            minHeight={180}
            onChange={setHtml}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} disabled={current.isPending} onClick={submit}>
            Save instructions
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
