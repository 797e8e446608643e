import { Card, EmptyState, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { canOpen, useMe } from '../../lib/session.ts';
import { AREAS } from '../areas.ts';

/** The dashboard's code (and its charts) loads only for admins who have it. */
const DashboardPage = lazy(() =>
  import('../../features/dashboard/routes/dashboard-page.tsx').then((m) => ({
    default: m.DashboardPage,
  })),
);

/** Home: the dashboard for admins with its module; otherwise one card per area they may open. */
export function HomePage() {
  const me = useMe();
  if (canOpen(me.data, 'dashboard'))
    return (
      <Suspense fallback={<PageLoader />}>
        <DashboardPage />
      </Suspense>
    );
  return <AreaCards />;
}

/** One card per area this admin may open (the same table as the sidebar). */
function AreaCards() {
  const me = useMe();
  const areas = AREAS.filter((area) => canOpen(me.data, area.access));
  return (
    <>
      <PageHeader
        title={me.data ? `Welcome, ${me.data.name}` : 'Welcome'}
        description="Pick an area to work in."
      />
      {areas.length === 0 ? (
        <EmptyState
          icon={<IconLock size={28} />}
          withIndicatorBackground
          title="No areas yet"
          description="Your account has no modules in this build yet. Ask a super admin to grant you some."
          py="xl"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {areas.map((area) => (
            <Card
              key={area.path}
              component={Link}
              to={area.path}
              withBorder
              padding="lg"
              shadow="xs"
              data-testid={`home-card-${area.path.slice(1)}`}
            >
              <Group justify="space-between" mb="md">
                <ThemeIcon variant="light" size={42} radius="md">
                  <area.icon size={24} stroke={1.6} />
                </ThemeIcon>
                <IconArrowRight size={18} color="var(--mantine-color-dimmed)" aria-hidden />
              </Group>
              <Text fw={600} fz="lg">
                {area.label}
              </Text>
              <Text fz="sm" c="dimmed" mt={4}>
                {area.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
