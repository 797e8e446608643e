import type { QuestionRevision } from '@bo/contract';

export const REVISION_ACTION_LABEL: Record<QuestionRevision['action'], string> = {
  create: 'Created',
  edit: 'Edited',
  restore: 'Restored',
  import: 'Imported',
  status: 'Status changed',
  bulk_edit: 'Bulk edit',
  bulk_undo: 'Bulk edit undone',
};

/** Field names as the form labels them. */
const FIELD_LABEL: Record<string, string> = {
  type: 'type',
  stem: 'question',
  options: 'options',
  blanks: 'blanks',
  numeric: 'numeric answer',
  modelAnswer: 'model answer',
  explanation: 'explanation',
  difficulty: 'difficulty',
  marks: 'marks',
  negativeMarks: 'negative marks',
  gradeId: 'grade',
  subjectId: 'subject',
  chapterId: 'chapter',
  topicId: 'topic',
  tags: 'tags',
  language: 'language',
  status: 'status',
};

/** "Changed: question, options" or, for the first revision, nothing to compare. */
export function changedFieldsLabel(r: QuestionRevision): string {
  if (r.changed.length === 0)
    return r.action === 'create' || r.action === 'import' ? 'First version' : 'No field changed';
  return `Changed: ${r.changed.map((f) => FIELD_LABEL[f] ?? f).join(', ')}`;
}
