import type { AssessmentDetail } from '@bo/contract';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useAddChapterSection,
  useDiagnosticToc,
  useEditSection,
} from '../api/diagnostic-sections.ts';
import { useEditMockSections } from '../api/edit-mock-sections.ts';

type Row = { key: string; id?: number; name: string; time: number | string };

const toRows = (a: AssessmentDetail): Row[] =>
  a.sections.map((s) => ({
    key: String(s.id),
    id: s.id,
    name: s.name,
    time: s.timeLimitMinutes ?? '',
  }));

/** What this panel does not edit, sent back unchanged (instructions are edited from the section). */
const keptOf = (a: AssessmentDetail, id?: number) => {
  const s = a.sections.find((x) => x.id === id);
  return { instructions: s?.instructions ?? null, chapterId: s?.chapterId ?? null };
};

/**
 * A mock test's sections, edited as one list and saved together (editmocktest
 * `sections`): names and time limits; a section removed leaves its items in
 * the test, outside any section.
 */
export function MockSectionsPanel({ detail }: { detail: AssessmentDetail }) {
  const save = useEditMockSections();
  const [rows, setRows] = useState<Row[]>(() => toRows(detail));
  const [seen, setSeen] = useState(detail.sections);
  if (seen !== detail.sections) {
    setSeen(detail.sections);
    setRows(toRows(detail));
  }
  const set = (key: string, patch: Partial<Row>) =>
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const invalid = rows.some((r) => !r.name.trim());
  const submit = () =>
    save.mutate(
      {
        id: detail.id,
        sections: rows.map((r) => ({
          ...(r.id ? { id: r.id } : {}),
          // Kept as they are: the list replaces every section's instructions and chapter.
          ...keptOf(detail, r.id),
          name: r.name.trim(),
          timeLimitMinutes: r.time === '' ? null : Number(r.time),
        })),
      },
      {
        onSuccess: () => notifySuccess('Sections saved.'),
        onError: (e) => notifyError(e, 'Could not save the sections'),
      },
    );

  return (
    <Paper withBorder p="md" mb="md">
      <Title order={2} fz="md" mb="sm">
        Sections
      </Title>
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text fz="sm" c="dimmed">
            No sections: the questions form one part.
          </Text>
        )}
        {rows.map((r, i) => (
          <Group key={r.key} gap="xs" align="flex-end">
            <TextInput
              label={`Section ${i + 1} name`}
              value={r.name}
              error={r.name.trim() ? undefined : 'Required'}
              onChange={(e) => set(r.key, { name: e.currentTarget.value })}
              w={260}
            />
            <NumberInput
              label={`Section ${i + 1} minutes`}
              min={1}
              max={1440}
              allowDecimal={false}
              value={r.time}
              onChange={(v) => set(r.key, { time: v })}
              w={160}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={`Remove section ${i + 1}`}
              onClick={() => setRows((prev) => prev.filter((x) => x.key !== r.key))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setRows((prev) => [
                ...prev,
                { key: `new-${Date.now()}`, name: `Section ${prev.length + 1}`, time: '' },
              ])
            }
          >
            Add section
          </Button>
          <Button disabled={invalid} loading={save.isPending} onClick={submit}>
            Save sections
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A diagnostic test's chapters (getdiagnostictoc): a chapter without a
 * section gets one with "Add section"; a section's time is typed in place.
 */
export function DiagnosticSectionsPanel({ detail }: { detail: AssessmentDetail }) {
  const toc = useDiagnosticToc(detail.id);
  const add = useAddChapterSection();
  const edit = useEditSection();
  const sections = new Map(detail.sections.map((s) => [s.id, s]));
  return (
    <Paper withBorder p="md" mb="md">
      <Title order={2} fz="md" mb="sm">
        Chapters and their sections
      </Title>
      {toc.data && toc.data.items.length === 0 && (
        <Text fz="sm" c="dimmed">
          The subject has no chapters yet.
        </Text>
      )}
      <Table>
        <Table.Tbody>
          {(toc.data?.items ?? []).map((c) => {
            const s = c.sectionId ? sections.get(c.sectionId) : undefined;
            return (
              <Table.Tr key={c.chapterId}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td w={220}>
                  {s ? (
                    <NumberInput
                      aria-label={`Minutes for ${c.name}`}
                      placeholder="No time limit"
                      size="xs"
                      min={1}
                      max={1440}
                      allowDecimal={false}
                      defaultValue={s.timeLimitMinutes ?? ''}
                      onBlur={(e) => {
                        const v = e.currentTarget.value;
                        const minutes = v === '' ? null : Number(v);
                        if (minutes === s.timeLimitMinutes) return;
                        if (minutes === null) return;
                        edit.mutate(
                          { id: detail.id, sectionId: s.id, timeLimitMinutes: minutes },
                          { onError: (err) => notifyError(err, 'Could not save the time') },
                        );
                      }}
                    />
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPlus size={14} />}
                      loading={add.isPending && add.variables?.chapterId === c.chapterId}
                      aria-label={`Add a section for ${c.name}`}
                      onClick={() =>
                        add.mutate(
                          { id: detail.id, chapterId: c.chapterId, name: c.name },
                          { onError: (err) => notifyError(err, 'Could not add the section') },
                        )
                      }
                    >
                      Add section
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
