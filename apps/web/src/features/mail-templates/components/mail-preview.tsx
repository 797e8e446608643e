import { Alert, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { usePreviewTemplate } from '../api/preview-template.ts';
import { useMailLearners } from '../api/search-learners.ts';
import { SendTestMail } from './send-test-mail.tsx';

/**
 * The template as a learner would get it: filled by the server (values
 * escaped) with the sample learner's values or a real learner's, shown in a
 * sandboxed frame (no script, no form, no navigation of this page).
 */
export function MailPreview({ subject, html }: { subject: string; html: string }) {
  const [who, setWho] = useState<'sample' | 'learner'>('sample');
  // Common widths of a mail client's reading pane: desktop 600 px, phone 375 px.
  const [width, setWidth] = useState<'600' | '375'>('600');
  const [search, setSearch] = useState('');
  const [learnerId, setLearnerId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  const learners = useMailLearners(debounced);
  const preview = usePreviewTemplate();
  const [source] = useDebouncedValue({ subject, html, who, learnerId }, 400);
  const { mutate } = preview;
  useEffect(() => {
    if (!source.subject.trim() || !source.html.trim()) return;
    if (source.who === 'learner' && !source.learnerId) return;
    mutate({
      subject: source.subject,
      html: source.html,
      ...(source.who === 'learner' ? { learnerId: Number(source.learnerId) } : {}),
    });
  }, [source, mutate]);
  const data = preview.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label="Preview with"
          value={who}
          onChange={(v) => setWho(v as 'sample' | 'learner')}
          data={[
            { value: 'sample', label: 'Sample data' },
            { value: 'learner', label: 'A real learner' },
          ]}
        />
        {who === 'learner' && (
          <Select
            label="Learner"
            placeholder="Type a name or e-mail"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            value={learnerId}
            onChange={setLearnerId}
            filter={({ options }) => options}
            nothingFoundMessage={
              debounced.trim().length >= 2 ? 'No learner found' : 'Type 2 letters or more'
            }
            data={(learners.data?.items ?? []).map((l) => ({
              value: String(l.id),
              label: l.email ? `${l.name} (${l.email})` : l.name,
            }))}
            w={320}
          />
        )}
        <SendTestMail
          subject={subject}
          html={html}
          learnerId={who === 'learner' && learnerId ? Number(learnerId) : null}
        />
      </Group>
      {preview.isError && (
        <Alert color="red" title="No preview">
          {errorMessage(preview.error)}
        </Alert>
      )}
      {data && (
        <Paper withBorder p="sm" data-testid="mail-preview">
          <Text fz="sm" c="dimmed">
            To {data.learner.name}
          </Text>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={600} data-testid="preview-subject">
              {data.subject}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label="Preview width"
              value={width}
              onChange={(v) => setWidth(v as '600' | '375')}
              data={[
                { value: '600', label: 'Desktop' },
                { value: '375', label: 'Phone' },
              ]}
            />
          </Group>
          <iframe
            title="Mail preview"
            sandbox=""
            srcDoc={data.html}
            style={{
              width: `min(100%, ${width}px)`,
              height: 360,
              border: '1px solid var(--mantine-color-gray-3)',
              background: 'white',
              display: 'block',
              margin: '0 auto',
            }}
          />
        </Paper>
      )}
      {!data && !preview.isError && (
        <Text fz="sm" c="dimmed">
          {who === 'learner' && !learnerId
            ? 'Choose a learner to see the mail with their details.'
            : 'Write a subject and a body to see the preview.'}
        </Text>
      )}
    </Stack>
  );
}
