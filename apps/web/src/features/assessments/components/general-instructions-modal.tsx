import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGeneralInstructions, useSaveGeneralInstructions } from '../api/general-instructions.ts';
import { RichTextDialog } from './lazy-rich-text.tsx';

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
    <RichTextDialog
      title="General instructions of practices"
      field={{
        label: 'General instructions',
        description: 'Shown at the start of every practice that has no instructions of its own.',
        value,
        minHeight: 180,
        onChange: setHtml,
      }}
      waiting={current.isPending}
      saveLabel="Save instructions"
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
    />
  );
}
