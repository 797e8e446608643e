import type { AssessmentDetail } from '@bo/contract';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useEditSettings } from '../api/edit-settings.ts';
import { KINDS } from '../kinds.ts';
import { RichTextDialog } from './lazy-rich-text.tsx';

/**
 * The assessment's own instructions in rich text, saved alone through the
 * kind's settings route (updatepracticedetails, editmocktest, …). Emptied,
 * it has none (a practice then shows the general instructions).
 */
export function AssessmentInstructionsModal({
  detail,
  onClose,
}: {
  detail: AssessmentDetail;
  onClose: () => void;
}) {
  const def = KINDS[detail.kind];
  const save = useEditSettings(detail.kind);
  const [html, setHtml] = useState(detail.instructions ?? '');
  const submit = () =>
    save.mutate(
      { id: detail.id, instructions: html || null },
      {
        onSuccess: () => {
          notifySuccess('Instructions saved.');
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not save the instructions'),
      },
    );
  return (
    <RichTextDialog
      title={`Instructions of the ${def.label.toLowerCase()}`}
      field={{
        label: 'Instructions',
        description:
          detail.kind === 'practice'
            ? 'Shown before the first question. Empty: the practices’ general instructions.'
            : 'Shown before the first question. Empty: none.',
        value: html,
        minHeight: 160,
        onChange: setHtml,
      }}
      saveLabel="Save instructions"
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
    />
  );
}
