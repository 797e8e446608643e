import type { Mailer } from '@bo/contract';
import { mailersQuery } from '@bo/contract/mail';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { IconMailFast, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { hasFilters, useListParams } from '../../../lib/search-params.ts';
import { useMailers } from '../api/list-mailers.ts';
import { MailerStatus } from '../components/mailer-status.tsx';
import { SuppressionList } from '../components/suppression-list.tsx';

/** /mailers: campaigns, newest first, with their progress. */
export function MailersPage() {
  const params = useListParams(mailersQuery);
  const { values, update } = params;
  const list = useMailers(values);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Mailers"
        description="E-mail campaigns to learners: sent in the background, paused or resumed at will."
        actions={
          <Button component={Link} to="/mailers/new" leftSection={<IconPlus size={16} />}>
            New mailer
          </Button>
        }
      />
      <FilterBar
        values={values}
        onChange={update}
        search={{ label: 'Search mailers', placeholder: 'Template name or subject' }}
        filters={[]}
      />
      <ListTable<Mailer>
        list={'mailers'}
        params={params}
        query={list}
        noun="Mailers"
        filtered={hasFilters(values, ['q'])}
        emptyIcon={IconMailFast}
        defaultSort="createdAt"
        defaultOrder="desc"
        rowTestId={(m) => `mailer-row-${m.id}`}
        onRowClick={(m) => navigate(`/mailers/${m.id}`)}
        columns={[
          {
            accessor: 'name',
            title: 'Template',
            sortable: true,
            render: (m) => (
              <Stack gap={0}>
                <Text fz="sm" fw={500}>
                  {m.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {m.subject}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'status', render: (m) => <MailerStatus status={m.status} /> },
          {
            accessor: 'totals',
            title: 'Progress',
            render: (m) => {
              const t = m.totals;
              const doneShare = t.recipients
                ? ((t.sent + t.failed + t.skipped + t.bounced + t.complained) / t.recipients) * 100
                : 100;
              return (
                <Stack gap={2} miw={160}>
                  <Progress.Root>
                    <Progress.Section value={doneShare} aria-label={`Mailer ${m.id} done`} />
                  </Progress.Root>
                  <Text fz="xs">
                    {t.sent.toLocaleString()} sent of {t.recipients.toLocaleString()}
                    {t.failed ? `, ${t.failed.toLocaleString()} failed` : ''}
                  </Text>
                </Stack>
              );
            },
          },
          {
            accessor: 'createdAt',
            title: 'Started',
            sortable: true,
            render: (m) => formatDateTime(m.createdAt),
          },
        ]}
      />
      <SuppressionList />
    </>
  );
}
