import type { AssessmentDetail, QuestionRow } from '@bo/contract';
import { ASSESSMENT_KIND_LABELS } from '@bo/contract/assessments';
import {
  DIFFICULTIES,
  QUESTION_STATUSES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
} from '@bo/contract/questions';
import {
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { useSubjects } from '../../../lib/curriculum/list-subjects.ts';
import { notifyError, notifyOutcome } from '../../../lib/notify.ts';
import { useMapQuestions } from '../api/map-questions.ts';
import { usePickerQuestions } from '../api/picker-questions.ts';
import { asOptions } from './labels.ts';

const PAGE_SIZE = 20;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * "Add questions": the bank's search and filters over the questions this
 * assessment does not hold yet (`notInAssessment`), several chosen across
 * pages, added in one call (to a section when one is chosen).
 */
export function AddQuestionsDrawer({
  detail,
  sectionId: into,
  opened,
  onClose,
}: {
  detail: AssessmentDetail;
  /** The section the questions go into at first (null: the start). */
  sectionId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q, 300);
  const [type, setType] = useState<string | null>(null);
  const [difficulty, setDifficulty] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [gradeId, setGradeId] = useState<string | null>(null);
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [sectionId, setSectionId] = useState<string | null>(into == null ? null : String(into));
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<number, QuestionRow>>(new Map());
  const grades = useGrades();
  const subjects = useSubjects(gradeId ? Number(gradeId) : undefined);
  const map = useMapQuestions(detail.kind);

  const list = usePickerQuestions(
    {
      notInAssessment: detail.id,
      q: search || undefined,
      type: (type ?? undefined) as never,
      difficulty: (difficulty ?? undefined) as never,
      status: (status ?? undefined) as never,
      gradeId: gradeId ? Number(gradeId) : undefined,
      subjectId: subjectId ? Number(subjectId) : undefined,
      page,
      pageSize: PAGE_SIZE,
    },
    opened,
  );
  const rows = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const filter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  const toggle = (row: QuestionRow, on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });

  const add = () =>
    map.mutate(
      {
        id: detail.id,
        questionIds: [...chosen.keys()],
        sectionId: sectionId ? Number(sectionId) : null,
      },
      {
        onSuccess: (r) => {
          const already = r.alreadyIn.length;
          notifyOutcome(r.added, {
            done: `${questionsWord(r.added)} added${already ? ` (${already} already in)` : ''}.`,
            nothing: `${already === 1 ? 'The chosen question is' : `All ${already} chosen questions are`} already in this ${ASSESSMENT_KIND_LABELS[detail.kind].toLowerCase()}.`,
          });
          setChosen(new Map());
          // Nothing added: the drawer stays, to choose others.
          if (r.added > 0) onClose();
        },
        onError: (e) => notifyError(e, 'Could not add the questions'),
      },
    );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title="Add questions from the bank"
    >
      <Stack gap="sm">
        <TextInput
          aria-label="Search questions"
          placeholder="Words or beginnings of words"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Group gap="xs" grow>
          <Select
            aria-label="Type"
            placeholder="Any type"
            clearable
            data={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
            value={type}
            onChange={filter(setType)}
          />
          <Select
            aria-label="Difficulty"
            placeholder="Any difficulty"
            clearable
            data={DIFFICULTIES.map((d) => ({ value: d, label: cap(d) }))}
            value={difficulty}
            onChange={filter(setDifficulty)}
          />
          <Select
            aria-label="Status in the bank"
            placeholder="Any status"
            clearable
            data={QUESTION_STATUSES.map((s) => ({ value: s, label: cap(s) }))}
            value={status}
            onChange={filter(setStatus)}
          />
        </Group>
        <Group gap="xs" grow>
          <Select
            aria-label="Grade"
            placeholder="Any grade"
            clearable
            searchable
            data={asOptions(grades.data?.items)}
            value={gradeId}
            onChange={(v) => {
              filter(setGradeId)(v);
              setSubjectId(null);
            }}
          />
          <Select
            aria-label="Subject"
            placeholder="Any subject"
            clearable
            searchable
            disabled={!gradeId}
            data={asOptions(subjects.data?.items)}
            value={subjectId}
            onChange={filter(setSubjectId)}
          />
        </Group>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {list.data
            ? `${questionsWord(list.data.total)} not in this ${ASSESSMENT_KIND_LABELS[detail.kind].toLowerCase()}`
            : 'Loading…'}
        </Text>
        <Stack gap={6} component="ul" p={0} m={0} aria-label="Questions">
          {rows.map((row) => (
            <Paper key={row.id} component="li" withBorder p="xs" style={{ listStyle: 'none' }}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Checkbox
                  mt={2}
                  checked={chosen.has(row.id)}
                  onChange={(e) => toggle(row, e.currentTarget.checked)}
                  aria-label={`Choose question ${row.id}`}
                />
                <Stack gap={4} flex={1} miw={0}>
                  <RichTextView html={row.stem} lines={2} />
                  <Group gap={6}>
                    <Badge size="xs" variant="light">
                      {QUESTION_TYPE_LABELS[row.type]}
                    </Badge>
                    <Badge size="xs" variant="outline" color="gray">
                      {row.difficulty}
                    </Badge>
                    <Badge
                      size="xs"
                      variant="dot"
                      color={row.status === 'active' ? 'teal' : 'gray'}
                    >
                      {row.status}
                    </Badge>
                    {row.chapterName && (
                      <Text fz="xs" c="dimmed">
                        {row.chapterName}
                      </Text>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        )}
        <Group
          justify="space-between"
          pos="sticky"
          bottom={0}
          bg="var(--mantine-color-body)"
          py="sm"
        >
          {detail.sections.length > 0 ? (
            <Select
              aria-label="Add to section"
              placeholder="No section (the start)"
              clearable
              data={detail.sections.map((s) => ({ value: String(s.id), label: s.name }))}
              value={sectionId}
              onChange={setSectionId}
            />
          ) : (
            <span />
          )}
          <Button disabled={chosen.size === 0} loading={map.isPending} onClick={add}>
            Add {chosen.size || ''} {chosen.size === 1 ? 'question' : 'questions'}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}

const questionsWord = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;
