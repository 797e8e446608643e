import type { AssessmentDetail } from '@bo/contract';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddInstruction } from '../api/add-instruction.ts';
import { RichTextDialog } from './lazy-rich-text.tsx';

/** Adds an instruction block (rich text with formulas) at the end, or of a section. */
export function InstructionModal({
  detail,
  onClose,
}: {
  detail: AssessmentDetail;
  onClose: () => void;
}) {
  const add = useAddInstruction(detail.kind);
  const [html, setHtml] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sectionId, setSectionId] = useState<string | null>(null);
  const submit = () => {
    if (!html) return setError('Required');
    add.mutate(
      { id: detail.id, html, sectionId: sectionId ? Number(sectionId) : null },
      {
        onSuccess: () => {
          notifySuccess('Instruction block added.');
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not add the instruction'),
      },
    );
  };
  return (
    <RichTextDialog
      title="Add an instruction block"
      field={{
        label: 'Instruction',
        required: true,
        value: html,
        error,
        minHeight: 120,
        onChange: (v) => {
          setHtml(v);
          setError(null);
        },
      }}
      saveLabel="Add instruction"
      saving={add.isPending}
      onSave={submit}
      onClose={onClose}
    >
      {detail.sections.length > 0 && (
        <Select
          label="Section"
          placeholder="No section (the start)"
          clearable
          data={detail.sections.map((s) => ({ value: String(s.id), label: s.name }))}
          value={sectionId}
          onChange={setSectionId}
        />
      )}
    </RichTextDialog>
  );
}
