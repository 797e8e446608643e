import { DASHBOARD_PERIODS } from '@bo/contract/reports';
import {
  Alert,
  Card,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconMail, IconQrcode } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { dayLabel, isToday } from '../../../components/charts/charts.tsx';
import { DayLines } from '../../../components/charts/day-lines.tsx';
import { Figure, formatCount } from '../../../components/charts/figure.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SubscribeButton } from '../../../components/report-subscriptions/subscribe-button.tsx';
import { SidewaysScroll } from '../../../components/sideways-scroll.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { canOpen, useMe } from '../../../lib/session.ts';
import { dashboardDays, useDashboard } from '../api/get-dashboard.ts';
import { WorkCard } from '../components/dashboard-links.tsx';

const TILE_SLOTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/**
 * The home screen of an admin with the dashboard module: learners, activity,
 * redemptions, scans and views over the last 7, 30 or 90 days (`days` in the
 * URL), each against the period before; per-day charts; the top books; and
 * what waits elsewhere (codes without content, new contact messages).
 */
export function DashboardPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const days = dashboardDays(params);
  const dashboard = useDashboard({ days });
  const d = dashboard.data;
  const series = (d?.series ?? []).map((s) => ({ ...s, label: dayLabel(s.day) }));
  return (
    <>
      <PageHeader
        title={me.data ? `Welcome, ${me.data.name}` : 'Welcome'}
        description={`The last ${days} days, each figure against the ${days} days before.`}
        actions={
          <Group gap="sm">
            <SegmentedControl
              aria-label="Period"
              value={days}
              onChange={(v) => setParams({ days: v }, { replace: true })}
              data={DASHBOARD_PERIODS.map((p) => ({ value: p, label: `${p} days` }))}
            />
            <SubscribeButton report="dashboard" filters={{ days }} />
          </Group>
        }
      />
      {dashboard.isError ? (
        <Alert color="red" title="The dashboard could not load">
          {errorMessage(dashboard.error)}
        </Alert>
      ) : !d ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {TILE_SLOTS.map((slot) => (
            <Skeleton key={slot} h={104} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Paper withBorder p="md" radius="md" data-testid="tile-learners-total">
              <Text fz="sm" c="dimmed" fw={500}>
                Learners in all
              </Text>
              <Text fz={26} fw={700} lh={1.1} mt={6} data-testid="figure-value">
                {formatCount(d.learners.total)}
              </Text>
              <Text fz="xs" c="dimmed" mt={4}>
                Registered since the start
              </Text>
            </Paper>
            <Figure label="New learners" trend={d.learners.new} testId="tile-learners-new" />
            <Figure
              label="Active today, so far"
              trend={d.active.today}
              running={{ previousLabel: 'Yesterday' }}
              testId="tile-active-today"
            />
            <Figure label="Active, last 7 days" trend={d.active.last7Days} testId="tile-active-7" />
            <Figure
              label="Active, last 30 days"
              trend={d.active.last30Days}
              testId="tile-active-30"
            />
            <Figure label="Redemptions" trend={d.redemptions} testId="tile-redemptions" />
            <Figure label="QR scans" trend={d.scans} testId="tile-scans" />
            <Figure label="Content views" trend={d.views} testId="tile-views" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Card withBorder radius="md">
              <Text component="h2" fw={600} mb="sm">
                Learners per day
              </Text>
              <DayLines
                title="Learners per day"
                testId="chart-learners"
                data={series}
                partialLast={isToday(d?.series.at(-1)?.day)}
                series={[
                  { name: 'active', label: 'Active', color: 'teal.6' },
                  { name: 'newLearners', label: 'New', color: 'indigo.6' },
                ]}
              />
            </Card>
            <Card withBorder radius="md">
              <Text component="h2" fw={600} mb="sm">
                Redemptions, scans and views per day
              </Text>
              <DayLines
                title="Redemptions, scans and views per day"
                testId="chart-activity"
                data={series}
                partialLast={isToday(d?.series.at(-1)?.day)}
                series={[
                  { name: 'redemptions', label: 'Redemptions', color: 'indigo.6' },
                  { name: 'scans', label: 'Scans', color: 'orange.6' },
                  { name: 'views', label: 'Views', color: 'teal.6' },
                ]}
              />
            </Card>
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Card withBorder radius="md" data-testid="top-books">
                <Text component="h2" fw={600} mb="sm">
                  Top books
                </Text>
                {d.topBooks.length === 0 ? (
                  <Text c="dimmed" fz="sm">
                    No book was redeemed in this period.
                  </Text>
                ) : (
                  <SidewaysScroll label="Top books" minWidth={380}>
                    <Table striped>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Book</Table.Th>
                          <Table.Th ta="right">Redemptions</Table.Th>
                          <Table.Th ta="right">Views</Table.Th>
                          <Table.Th ta="right">Scans</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.topBooks.map((b) => (
                          <Table.Tr key={b.bookId}>
                            <Table.Td>
                              {b.title}
                              <Text fz="xs" c="dimmed">
                                {b.isbn}
                              </Text>
                            </Table.Td>
                            <Table.Td ta="right">{formatCount(b.redemptions)}</Table.Td>
                            <Table.Td ta="right">{formatCount(b.views)}</Table.Td>
                            <Table.Td ta="right">{formatCount(b.scans)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </SidewaysScroll>
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack>
                <WorkCard
                  icon={IconQrcode}
                  count={d.codesWithoutContent}
                  label="QR codes without content"
                  testId="codes-without-content"
                  link={
                    canOpen(me.data, 'qr_codes')
                      ? { to: '/qr-codes?tab=empty', text: 'Open the codes without content' }
                      : null
                  }
                />
                <WorkCard
                  icon={IconQrcode}
                  count={d.codesScannedWithoutContent}
                  label="Codes scanned in the last 30 days that lead nowhere"
                  testId="codes-scanned-without-content"
                  link={
                    canOpen(me.data, 'qr_codes')
                      ? { to: '/qr-codes?tab=empty', text: 'Point them somewhere' }
                      : null
                  }
                />
                <WorkCard
                  icon={IconMail}
                  count={d.newContactMessages}
                  label="New contact messages"
                  testId="new-contact-messages"
                  link={
                    canOpen(me.data, 'contact_us')
                      ? { to: '/contact-messages?status=new', text: 'Read the new messages' }
                      : null
                  }
                />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}
