import type { AssessmentKind } from '@bo/contract';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { useSubjects } from '../../../lib/curriculum/list-subjects.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type NewAssessment, useCreateAssessment } from '../api/create-assessment.ts';
import { useBookOptions, useBookToc, useVideoOptions } from '../api/owner-options.ts';
import { useTestCategories } from '../api/test-categories.ts';
import { KINDS } from '../kinds.ts';
import { asOptions, tocOptions } from './labels.ts';

type Field = keyof NewAssessment | 'bookId';
const REQUIRED: Record<AssessmentKind, Field[]> = {
  practice: ['name', 'bookId', 'tocNodeId'],
  mock_test: ['name', 'testCategoryId'],
  diagnostic: ['name', 'gradeId', 'subjectId'],
  video_quiz: ['name', 'videoId'],
};

const num = (v: string | null) => (v ? Number(v) : null);

/**
 * "New <kind>": the name and what the kind belongs to (a practice: a book
 * then one of its TOC nodes; a mock test: a category, optional grade and
 * subject; a diagnostic test: grade and subject; a video quiz: a video).
 * Created as a draft, the builder opens on it.
 */
export function NewAssessmentModal({
  kind,
  initial = {},
  onClose,
}: {
  kind: AssessmentKind;
  initial?: Partial<NewAssessment> & { bookIsbn?: string; bookId?: number };
  onClose: () => void;
}) {
  const def = KINDS[kind];
  const navigate = useNavigate();
  const create = useCreateAssessment(kind);
  const [v, setV] = useState<NewAssessment & { bookId?: number | null }>({
    name: '',
    ...initial,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const books = useBookOptions('', kind === 'practice' && !initial.tocNodeId);
  const book = books.data?.items.find((b) => b.id === v.bookId);
  const toc = useBookToc(kind === 'practice' && !initial.tocNodeId ? (book?.isbn ?? null) : null);
  const categories = useTestCategories();
  const grades = useGrades();
  const subjects = useSubjects(v.gradeId ?? undefined);
  const videos = useVideoOptions('', kind === 'video_quiz');

  const set = (patch: Partial<typeof v>) => {
    setV((prev) => ({ ...prev, ...patch }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const k of Object.keys(patch)) delete next[k as Field];
      return next;
    });
  };
  const err = (f: Field) => errors[f];

  const submit = () => {
    const missing: Partial<Record<Field, string>> = {};
    for (const f of REQUIRED[kind]) {
      if (f === 'bookId' && initial.tocNodeId) continue;
      const value = v[f as keyof typeof v];
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
        missing[f] = 'Required';
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      { ...v, name: v.name.trim() },
      {
        onSuccess: (a) => {
          notifySuccess(`${def.label} “${a.name}” created as a draft.`);
          onClose();
          void navigate(`${def.path}/${a.id}`);
        },
        onError: (error) => notifyError(error, `Could not create the ${def.label.toLowerCase()}`),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`New ${def.label.toLowerCase()}`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            value={v.name}
            error={err('name')}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          {kind === 'practice' && !initial.tocNodeId && (
            <>
              <Select
                label="Book"
                required
                searchable
                placeholder="Choose a book"
                data={(books.data?.items ?? []).map((b) => ({
                  value: String(b.id),
                  label: `${b.title} (${b.isbn})`,
                }))}
                value={v.bookId ? String(v.bookId) : null}
                error={err('bookId')}
                onChange={(id) => set({ bookId: num(id), tocNodeId: null })}
              />
              <Select
                label="Table of contents node"
                required
                searchable
                disabled={!v.bookId}
                placeholder={v.bookId ? 'Choose a chapter or topic' : 'Choose a book first'}
                nothingFoundMessage="This book has no table of contents yet"
                data={tocOptions(toc.data?.nodes ?? [])}
                value={v.tocNodeId ? String(v.tocNodeId) : null}
                error={err('tocNodeId')}
                onChange={(id) => set({ tocNodeId: num(id) })}
              />
            </>
          )}
          {kind === 'mock_test' && (
            <Select
              label="Test category"
              required
              searchable
              data={asOptions(categories.data?.items)}
              value={v.testCategoryId ? String(v.testCategoryId) : null}
              error={err('testCategoryId')}
              onChange={(id) => set({ testCategoryId: num(id) })}
            />
          )}
          {(kind === 'mock_test' || kind === 'diagnostic') && (
            <Group grow align="flex-start">
              <Select
                label="Grade"
                required={kind === 'diagnostic'}
                searchable
                clearable={kind === 'mock_test'}
                data={asOptions(grades.data?.items)}
                value={v.gradeId ? String(v.gradeId) : null}
                error={err('gradeId')}
                onChange={(id) => set({ gradeId: num(id), subjectId: null })}
              />
              <Select
                label="Subject"
                required={kind === 'diagnostic'}
                searchable
                clearable={kind === 'mock_test'}
                disabled={!v.gradeId}
                data={asOptions(subjects.data?.items)}
                value={v.subjectId ? String(v.subjectId) : null}
                error={err('subjectId')}
                onChange={(id) => set({ subjectId: num(id) })}
              />
            </Group>
          )}
          {kind === 'video_quiz' && (
            <Select
              label="Video"
              required
              searchable
              placeholder="Choose a video of the media library"
              data={(videos.data?.items ?? []).map((m) => ({
                value: String(m.id),
                label: m.title,
              }))}
              value={v.videoId ? String(v.videoId) : null}
              error={err('videoId')}
              onChange={(id) => set({ videoId: num(id) })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
