import type { AssessmentDetail, AssessmentSection } from '@bo/contract';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useEditSection } from '../api/diagnostic-sections.ts';
import { useEditMockSections } from '../api/edit-mock-sections.ts';
import { RichTextDialog } from './lazy-rich-text.tsx';

/**
 * A section's instructions, shown to the learner as the section starts. A
 * mock test saves its sections as one list (editmocktest `sections`, every
 * other section sent as it is); a diagnostic test changes one section
 * (editdiagnosticpractice). Emptied, the section has none.
 */
export function SectionInstructionsModal({
  detail,
  section,
  onClose,
}: {
  detail: AssessmentDetail;
  section: AssessmentSection;
  onClose: () => void;
}) {
  const mock = useEditMockSections();
  const one = useEditSection();
  const [html, setHtml] = useState(section.instructions ?? '');
  const done = {
    onSuccess: () => {
      notifySuccess('Section instructions saved.');
      onClose();
    },
    onError: (e: unknown) => notifyError(e, 'Could not save the instructions'),
  };
  const submit = () => {
    const instructions = html || null;
    if (detail.kind === 'diagnostic')
      return one.mutate({ id: detail.id, sectionId: section.id, instructions }, done);
    mock.mutate(
      {
        id: detail.id,
        sections: detail.sections.map((s) => ({
          id: s.id,
          name: s.name,
          instructions: s.id === section.id ? instructions : s.instructions,
          timeLimitMinutes: s.timeLimitMinutes,
          chapterId: s.chapterId,
        })),
      },
      done,
    );
  };
  return (
    <RichTextDialog
      title={`Instructions of “${section.name}”`}
      field={{
        label: 'Section instructions',
        description: 'Shown to the learner as the section starts. Empty: none.',
        value: html,
        minHeight: 120,
        onChange: setHtml,
      }}
      saveLabel="Save instructions"
      saving={mock.isPending || one.isPending}
      onSave={submit}
      onClose={onClose}
    />
  );
}
