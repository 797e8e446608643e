import { Alert, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { usePreviewTemplate } from '../api/preview-template.ts';
import { useMailLearners } from '../api/search-learners.ts';
import { hasContent, type TemplateContent } from './block-fields.tsx';
import { SendTestMail } from './send-test-mail.tsx';

/**
 * The template as a learner would get it: filled by the server (values
 * escaped) with the sample learner's values or a real learner's, shown in a
 * sandboxed frame (no script, no form, no navigation of this page).
 */
export function MailPreview({ content }: { content: TemplateContent }) {
  const [who, setWho] = useState<'sample' | 'learner'>('sample');
  // Common widths of a mail client's reading pane: desktop 600 px, phone 375 px.
  const [width, setWidth] = useState<'600' | '375'>('600');
  const [search, setSearch] = useState('');
  const [learnerId, setLearnerId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  const learners = useMailLearners(debounced);
  const preview = usePreviewTemplate();
  // One key for what is shown: a new object each render must not ask again.
  const key = JSON.stringify({ content, who, learnerId });
  const [source] = useDebouncedValue(key, 400);
  const { mutate } = preview;
  useEffect(() => {
    const s = JSON.parse(source) as { content: TemplateContent; who: string; learnerId: string };
    if (!hasContent(s.content)) return;
    if (s.who === 'learner' && !s.learnerId) return;
    mutate({ ...s.content, ...(s.who === 'learner' ? { learnerId: Number(s.learnerId) } : {}) });
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
          content={content}
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
            data-width={width}
            style={{
              // The mail gets the whole width (the border is outside it), as a reader's pane would.
              boxSizing: 'content-box',
              width: `min(100% - 2px, ${width}px)`,
              height: 600,
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
