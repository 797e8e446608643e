import type { MailerResults as Results } from '@bo/contract';
import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DayLines } from '../../../components/charts/day-lines.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { downloadMailerResults, useMailerResults } from '../api/mailer-results.ts';

/** A share of the delivered, as "42%" (nothing while none is delivered). */
const share = (n: number, of: number) => (of ? ` (${Math.round((n / of) * 100)}%)` : '');

/** A point's label: the hour for the first 48 hours, the day after. */
function pointLabel(p: Results['series'][number]) {
  const at = new Date(p.at);
  return p.unit === 'hour'
    ? at.toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString([], { day: 'numeric', month: 'short' });
}

/**
 * The campaign's results on its page: what went out, and for a mailer made
 * with "Track opens and clicks" who opened and clicked, over time, and the
 * links clicked most; every recipient as CSV.
 */
export function MailerResults({ id, progress }: { id: number; progress: string }) {
  const results = useMailerResults(id, progress);
  const download = useDownload('The recipients could not be downloaded');
  if (results.isPending) return <Skeleton h={160} mb="md" />;
  if (results.isError)
    return (
      <Alert color="red" title="Could not load the results" mb="md">
        {errorMessage(results.error)}
      </Alert>
    );
  const r = results.data;
  // Sent, failed and bounced are the progress card's, just above: not repeated here.
  const figures: [string, string, string][] = [
    ['Delivered', r.delivered.toLocaleString(), 'delivered'],
    ...(r.track
      ? ([
          ['Opened', `${r.opened.toLocaleString()}${share(r.opened, r.delivered)}`, 'opened'],
          ['Clicked', `${r.clicked.toLocaleString()}${share(r.clicked, r.delivered)}`, 'clicked'],
        ] as [string, string, string][])
      : []),
    ['Unsubscribed', r.unsubscribed.toLocaleString(), 'unsubscribed'],
  ];
  const series = r.series.map((p) => ({ label: pointLabel(p), opens: p.opens, clicks: p.clicks }));
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="mailer-results-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Text component="h2" fw={600} id="mailer-results-title">
            Results
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.busy}
            onClick={() => void download.start(() => downloadMailerResults(id))}
          >
            Download recipients (CSV)
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: figures.length }}>
          {figures.map(([label, value, key]) => (
            <div key={key}>
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600} data-testid={`result-${key}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {!r.track && (
          <Text fz="sm" c="dimmed">
            Opens and clicks were not tracked for this mailer.
          </Text>
        )}
        {r.track && r.opened + r.clicked === 0 && (
          <Text fz="sm" c="dimmed" data-testid="no-opens">
            No opens or clicks yet.
          </Text>
        )}
        {r.track && r.opened + r.clicked > 0 && (
          // As wide as a dashboard chart: drawn to the width, a full-width one stood taller than the screen's figures.
          <Box maw={760}>
            <Text fz="sm" fw={600} mb="xs">
              First opens and clicks, per hour for 48 hours, then per day
            </Text>
            <DayLines
              title="First opens and clicks over time"
              testId="chart-mailer-results"
              data={series}
              series={[
                { name: 'opens', label: 'Opens', color: 'teal.6' },
                { name: 'clicks', label: 'Clicks', color: 'indigo.6' },
              ]}
              h={200}
            />
          </Box>
        )}
        {r.track && (
          <Text fz="xs" c="dimmed">
            An open is counted when the mail client shows images; a recipient who reads with images
            blocked is not counted as opened.
          </Text>
        )}
        {r.links.length > 0 && (
          <Table fz="sm" data-testid="mailer-links">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Link</Table.Th>
                <Table.Th ta="right">Clicks</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.links.map((l) => (
                <Table.Tr key={l.url}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{l.url}</Table.Td>
                  <Table.Td ta="right">{l.clicks.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
