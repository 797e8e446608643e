import type { Question } from '@bo/contract';
import { ErrorCode } from '@bo/contract/error-codes';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import type { FormErrors } from '../../../lib/form.ts';
import { humanFieldMessage } from '../../../lib/form-messages.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddQuestions } from '../api/add-questions.ts';
import { useEditQuestion } from '../api/edit-question.ts';
import { getQuestion } from '../api/get-question.ts';
import { questionKeys } from '../api/question-keys.ts';
import { useRestoreRevision } from '../api/restore-revision.ts';
import { type EditorValues, formPath, fromQuestion, toBody } from './editor-values.ts';

// Shown only when a save is refused: loaded then (with Mantine's modal code).
const ConflictDialog = lazyDialog(() =>
  import('./editor-conflict-dialog.tsx').then((m) => m.EditorConflictDialog),
);

/** A 409 that says the question was saved by someone else since the form loaded it. */
export function isStaleRevision(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 409 && error.code === ErrorCode.question_changed
  );
}

/**
 * The server's refusal on the fields it names (`body.stem`,
 * `body.questions.0.options.1.html`: the TeX check's position is in the
 * sentence), in words for people; a refusal naming no field is toasted.
 */
function showSaveError(form: UseFormReturnType<EditorValues>, error: unknown) {
  const errors: FormErrors = {};
  if (error instanceof ApiError) {
    const type = form.getValues().type;
    for (const d of error.details) {
      const path = formPath(type, d.path.replace(/^(body\.)?(questions\.\d+\.)?/, ''));
      errors[path] ??= humanFieldMessage(d.message);
    }
  }
  if (Object.keys(errors).length > 0) form.setErrors(errors);
  else notifyError(error, 'The question was not saved');
}

const similarNote = (n: number) =>
  n > 0 ? ` ${n} similar question${n === 1 ? ' is' : 's are'} in the bank.` : '';

/**
 * Saving the editor: add a new question (then its address becomes its
 * page), or save an edit from the revision the form started from. A 409
 * because someone saved in between offers to reload their version; restoring
 * a revision puts it in the form as the newest saved state.
 */
export function useEditorSave(
  form: UseFormReturnType<EditorValues>,
  question: Question | null,
  uploading: boolean,
  /** Told when the server has the form's values (the kept draft can go). */
  onSaved: () => void,
) {
  const add = useAddQuestions();
  const edit = useEditQuestion();
  const restoreRev = useRestoreRevision();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(question);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  /** The form now shows `q` as saved. */
  const adopt = (q: Question) => {
    onSaved();
    setSaved(q);
    queryClient.setQueryData(questionKeys.one(q.id), q);
    form.setValues(fromQuestion(q));
    form.resetDirty(fromQuestion(q));
    form.clearErrors();
  };

  const save = async (values: EditorValues) => {
    if (uploading) {
      notifyError(new Error('Wait until the images have uploaded, then save.'), 'Not saved yet');
      return;
    }
    const body = toBody(values);
    try {
      if (!saved) {
        const res = await add.mutateAsync({ questions: [body] });
        const created = res.items[0]!;
        queryClient.setQueryData(questionKeys.one(created.id), created);
        onSaved();
        form.resetDirty();
        notifySuccess(
          `Question #${created.id} was added.${similarNote(res.nearDuplicates[0]?.length ?? 0)}`,
        );
        navigate(`/questions/${created.id}`, { replace: true });
      } else {
        const res = await edit.mutateAsync({ ...body, id: saved.id, revision: saved.revision });
        adopt(res.question);
        notifySuccess(
          `Question saved as revision ${res.question.revision}.${similarNote(res.nearDuplicates.length)}`,
        );
      }
    } catch (error) {
      if (isStaleRevision(error)) setConflict(true);
      else showSaveError(form, error);
    }
  };

  const reload = async () => {
    if (!saved) return;
    setReloading(true);
    try {
      adopt(await getQuestion(saved.id));
      setConflict(false);
    } catch (error) {
      notifyError(error, 'Could not reload the question');
    } finally {
      setReloading(false);
    }
  };

  const restore = async (revision: number): Promise<boolean> => {
    if (!saved) return false;
    try {
      const res = await restoreRev.mutateAsync({
        id: saved.id,
        revision,
        currentRevision: saved.revision,
      });
      adopt(res.question);
      notifySuccess(`Revision ${revision} is back, saved as revision ${res.question.revision}.`);
      return true;
    } catch (error) {
      if (isStaleRevision(error)) setConflict(true);
      else notifyError(error, 'The revision was not restored');
      return false;
    }
  };

  const conflictDialog: ReactNode = conflict && (
    <ConflictDialog reloading={reloading} onReload={reload} onClose={() => setConflict(false)} />
  );

  return {
    save,
    busy: add.isPending || edit.isPending,
    saved,
    restore,
    restoring: restoreRev.isPending,
    conflictDialog,
  };
}
