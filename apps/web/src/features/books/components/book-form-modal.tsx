import type { Book, BookStatus } from '@bo/contract';
import { createBookBody } from '@bo/contract/books';
import { parseIsbn } from '@bo/contract/isbn';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { useSubjects } from '../../../lib/curriculum/list-subjects.ts';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { useCreateBook } from '../api/create-book.ts';
import { useEditBook } from '../api/edit-book.ts';
import { statusOptions } from './labels.ts';

interface Values {
  isbn: string;
  title: string;
  gradeId: string | null;
  subjectId: string | null;
  series: string;
  edition: string;
  language: string;
  status: BookStatus;
}

// The contract's schema checks the ISBN's check digit as the user types.
const validate = validateWith(createBookBody);

const toBody = (v: Values) => ({
  isbn: v.isbn,
  title: v.title,
  gradeId: v.gradeId ? Number(v.gradeId) : null,
  subjectId: v.subjectId ? Number(v.subjectId) : null,
  series: v.series,
  edition: v.edition,
  language: v.language,
  status: v.status,
});

/** Create a book or edit one: `book` null means create (then its page opens). */
export function BookFormModal({ book, onClose }: { book: Book | null; onClose: () => void }) {
  const create = useCreateBook();
  const edit = useEditBook();
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: {
      isbn: book?.isbn ?? '',
      title: book?.title ?? '',
      gradeId: book?.gradeId ? String(book.gradeId) : null,
      subjectId: book?.subjectId ? String(book.subjectId) : null,
      series: book?.series ?? '',
      edition: book?.edition ?? '',
      language: book?.language ?? 'English',
      status: book?.status ?? 'draft',
    },
    validate: (values) => validate(toBody(values)),
    ...liveValidation,
  });
  const draft = useFormDraft(form, `book:${book?.id ?? 'new'}`, book ? 'this book' : 'a new book');
  const grades = useGrades();
  const gradeId = form.values.gradeId ? Number(form.values.gradeId) : null;
  const subjects = useSubjects(gradeId);
  const busy = create.isPending || edit.isPending;
  const parsed = parseIsbn(form.values.isbn);
  const isbnHint =
    parsed.ok && parsed.isbn !== form.values.isbn.trim() ? `Saved as ${parsed.isbn}` : undefined;

  const submit = form.onSubmit(async (values) => {
    try {
      if (!book) {
        const created = await create.mutateAsync(toBody(values));
        draft.saved();
        notifySuccess(`${created.title} (${created.isbn}) was created.`, 'Book created');
        onClose();
        navigate(`/books/${created.id}`);
      } else {
        await edit.mutateAsync({ id: book.id, ...toBody(values) });
        draft.saved();
        notifySuccess(`${values.title.trim()} was updated.`);
        onClose();
      }
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);

  return (
    <Modal
      opened
      onClose={onClose}
      title={book ? `Edit ${book.title}` : 'New book'}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      {draft.offer}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="ISBN"
            required
            data-autofocus
            description={isbnHint ?? 'ISBN-13 or ISBN-10; hyphens and spaces are fine.'}
            autoComplete="off"
            {...form.getInputProps('isbn')}
          />
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Grade"
              placeholder={grades.isError ? 'Grades unavailable' : 'No grade'}
              description={
                grades.isError ? 'The grades could not be loaded; try again later.' : undefined
              }
              data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              disabled={grades.isError}
              clearable
              searchable
              {...form.getInputProps('gradeId')}
              onChange={(value) => {
                form.setFieldValue('gradeId', value);
                form.setFieldValue('subjectId', null);
              }}
            />
            <Select
              label="Subject"
              placeholder={gradeId ? 'No subject' : 'Choose a grade first'}
              data={(subjects.data?.items ?? []).map((s) => ({
                value: String(s.id),
                label: s.name,
              }))}
              disabled={!gradeId || subjects.isError}
              clearable
              searchable
              {...form.getInputProps('subjectId')}
            />
            <TextInput label="Series" description="Optional." {...form.getInputProps('series')} />
            <TextInput label="Edition" description="Optional." {...form.getInputProps('edition')} />
            <TextInput label="Language" required {...form.getInputProps('language')} />
            <Select
              label="Status"
              data={statusOptions}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {book ? 'Save changes' : 'Create book'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
