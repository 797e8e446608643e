import { Alert, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useChapters } from '../../../lib/curriculum/list-chapters.ts';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { useSubjects } from '../../../lib/curriculum/list-subjects.ts';
import { useTopics } from '../../../lib/curriculum/list-topics.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/search-params.ts';
import { useAddChapter } from '../api/add-chapter.ts';
import { useAddSubject } from '../api/add-subject.ts';
import { useAddTopic } from '../api/add-topic.ts';
import { downloadCurriculumWorkbook } from '../api/curriculum-workbook.ts';
import { downloadChapters, downloadSubjects, downloadTopics } from '../api/downloads.ts';
import { useEditChapter } from '../api/edit-chapter.ts';
import { useEditSubject } from '../api/edit-subject.ts';
import { useEditTopic } from '../api/edit-topic.ts';
import { useRemoveChapter } from '../api/remove-chapter.ts';
import { useRemoveSubject } from '../api/remove-subject.ts';
import { useRemoveTopic } from '../api/remove-topic.ts';
import { useReorderChapters } from '../api/reorder-chapters.ts';
import { useReorderSubjects } from '../api/reorder-subjects.ts';
import { useReorderTopics } from '../api/reorder-topics.ts';
import { CurriculumWorkbookModal } from '../components/curriculum-workbook-modal.tsx';
import { type ColumnItem, MasterColumn } from '../components/master-column.tsx';
import { selectAt, selectionSchema } from '../components/selection.ts';
import { UploadCurriculumModal } from '../components/upload-curriculum-modal.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Level = 'subject' | 'chapter' | 'topic';

/** /curriculum: grade → subject → chapter → topic, the selection in the URL. */
export function CurriculumPage() {
  const { values: sel, update } = useListParams(selectionSchema);
  const grades = useGrades();
  const subjects = useSubjects(sel.grade);
  const chapters = useChapters(sel.subject);
  const topics = useTopics(sel.chapter);
  const [deleting, setDeleting] = useState<{ level: Level; item: ColumnItem } | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [updating, setUpdating] = useState(false);

  const add = { subject: useAddSubject(), chapter: useAddChapter(), topic: useAddTopic() };
  const edit = { subject: useEditSubject(), chapter: useEditChapter(), topic: useEditTopic() };
  const remove = {
    subject: useRemoveSubject(),
    chapter: useRemoveChapter(),
    topic: useRemoveTopic(),
  };
  const reorder = {
    subject: useReorderSubjects(),
    chapter: useReorderChapters(),
    topic: useReorderTopics(),
  };

  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const { level, item } = deleting;
    remove[level].mutate(
      { id: item.id },
      {
        onSuccess: () => {
          notifySuccess(`${item.name} was deleted.`);
          if (level === 'subject' && sel.subject === item.id) update(selectAt('grade', sel.grade!));
          if (level === 'chapter' && sel.chapter === item.id) update({ chapter: null });
          closeDelete();
        },
        onError: (error) => setDeleteError(errorMessage(error)),
      },
    );
  };

  const gradeName = grades.data?.items.find((g) => g.id === sel.grade)?.name;
  const subjectName = subjects.data?.items.find((s) => s.id === sel.subject)?.name;
  const chapterName = chapters.data?.items.find((c) => c.id === sel.chapter)?.name;

  return (
    <>
      <PageHeader
        title="Curriculum"
        description="Grades, their subjects, chapters and topics: the masters books and questions are filed under."
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                downloadCurriculumWorkbook().catch((e: unknown) =>
                  notifyError(e, 'Could not download the workbook'),
                )
              }
            >
              Download workbook
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => setUpdating(true)}
            >
              Update from workbook
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setUploading(true)}
            >
              Upload XLSX
            </Button>
          </Group>
        }
      />
      {uploading && <UploadCurriculumModal onClose={() => setUploading(false)} />}
      {updating && <CurriculumWorkbookModal onClose={() => setUpdating(false)} />}
      {grades.isError ? (
        <Alert color="red" title="Could not load the grades">
          {errorMessage(grades.error)}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <MasterColumn
            title="Grades"
            noun="grade"
            hint="A fixed list: choose a grade to add, rename, order or delete its subjects."
            items={grades.data?.items.map((g) => ({
              id: g.id,
              name: g.name,
              detail: plural(g.subjectCount, 'subject', 'subjects'),
            }))}
            loading={grades.isPending}
            error={grades.error}
            selectedId={sel.grade}
            onSelect={(id) => update(selectAt('grade', id))}
          />
          <MasterColumn
            title="Subjects"
            noun="subject"
            waitingFor={sel.grade ? undefined : 'Choose a grade to see its subjects.'}
            items={subjects.data?.items.map((s) => ({
              id: s.id,
              name: s.name,
              detail: plural(s.chapterCount, 'chapter', 'chapters'),
            }))}
            loading={subjects.isPending}
            error={subjects.error}
            selectedId={sel.subject}
            onSelect={(id) => update(selectAt('subject', id))}
            onAdd={(name) => add.subject.mutateAsync({ gradeId: sel.grade!, name })}
            onRename={(item, name) => edit.subject.mutateAsync({ id: item.id, name })}
            onDelete={(item) => setDeleting({ level: 'subject', item })}
            onReorder={(ids) => reorder.subject.mutateAsync({ parentId: sel.grade!, ids })}
            onDownload={() => downloadSubjects(sel.grade!)}
          />
          <MasterColumn
            title="Chapters"
            noun="chapter"
            waitingFor={sel.subject ? undefined : 'Choose a subject to see its chapters.'}
            items={chapters.data?.items.map((c) => ({
              id: c.id,
              name: c.name,
              detail: `Ch. ${c.number} · ${plural(c.topicCount, 'topic', 'topics')}`,
            }))}
            loading={chapters.isPending}
            error={chapters.error}
            selectedId={sel.chapter}
            onSelect={(id) => update(selectAt('chapter', id))}
            onAdd={(name) => add.chapter.mutateAsync({ subjectId: sel.subject!, name })}
            onRename={(item, name) => edit.chapter.mutateAsync({ id: item.id, name })}
            onDelete={(item) => setDeleting({ level: 'chapter', item })}
            onReorder={(ids) => reorder.chapter.mutateAsync({ parentId: sel.subject!, ids })}
            onDownload={() => downloadChapters(sel.subject!)}
          />
          <MasterColumn
            title="Topics"
            noun="topic"
            waitingFor={sel.chapter ? undefined : 'Choose a chapter to see its topics.'}
            items={topics.data?.items.map((t) => ({ id: t.id, name: t.name }))}
            loading={topics.isPending}
            error={topics.error}
            onAdd={(name) => add.topic.mutateAsync({ chapterId: sel.chapter!, name })}
            onRename={(item, name) => edit.topic.mutateAsync({ id: item.id, name })}
            onDelete={(item) => setDeleting({ level: 'topic', item })}
            onReorder={(ids) => reorder.topic.mutateAsync({ parentId: sel.chapter!, ids })}
            onDownload={() => downloadTopics(sel.chapter!)}
          />
        </SimpleGrid>
      )}

      {deleting && (
        <ConfirmModal
          title={`Delete ${deleting.level}?`}
          confirmLabel={`Delete ${deleting.level}`}
          loading={remove[deleting.level].isPending}
          onClose={closeDelete}
          onConfirm={confirmDelete}
        >
          <Text fz="sm">
            Delete the {deleting.level} <b>{deleting.item.name}</b>
            {deleting.level === 'subject' && gradeName ? ` of ${gradeName}` : ''}
            {deleting.level === 'chapter' && subjectName ? ` of ${subjectName}` : ''}
            {deleting.level === 'topic' && chapterName ? ` of ${chapterName}` : ''}? This cannot be
            undone.
          </Text>
          {deleteError && (
            <Alert color="red" mt="md" title="Not deleted">
              {deleteError}
            </Alert>
          )}
        </ConfirmModal>
      )}
    </>
  );
}
