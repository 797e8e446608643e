import { MODULES } from '@bo/contract/access';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLogout2 } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { MySubscriptions } from '../../../components/report-subscriptions/my-subscriptions.tsx';
import { useEndSession, useMe } from '../../../lib/session.ts';
import { useLogoutAll } from '../api/logout-all.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

const moduleName = new Map<string, string>(MODULES.map((m) => [m.key, m.name]));

/** /profile: who I am, the reports I get by e-mail, change my password, sign out on every device. */
export function ProfilePage() {
  const me = useMe();
  const logoutAll = useLogoutAll();
  const endSession = useEndSession();
  const admin = me.data;

  const [confirming, setConfirming] = useState(false);
  // Local sign-out happens even if the server call fails: the user asked to leave.
  const logoutEverywhere = () => logoutAll.mutate(undefined, { onSettled: endSession });

  return (
    <>
      <PageHeader title="Profile" description="Your account and its security." />
      <Stack gap="lg">
        <Section title="Account">
          {admin && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Field label="Name">{admin.name}</Field>
              <Field label="Email">{admin.email}</Field>
              <Field label="Role">
                <Badge variant="light" color={admin.role === 'super_admin' ? 'grape' : 'blue'}>
                  {admin.role === 'super_admin' ? 'Super admin' : 'Admin'}
                </Badge>
              </Field>
              <Field label="Modules" span>
                {admin.role === 'super_admin' ? (
                  <Text fz="sm">All modules</Text>
                ) : admin.modules.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    None yet
                  </Text>
                ) : (
                  <Group gap={6}>
                    {admin.modules.map((key) => (
                      <Badge key={key} variant="outline" color="gray" tt="none">
                        {moduleName.get(key) ?? key}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Field>
            </SimpleGrid>
          )}
        </Section>
        <Section title="My report subscriptions">
          <MySubscriptions />
        </Section>
        <Section title="Change password">
          <ChangePasswordForm />
        </Section>
        <Section title="Sessions">
          <Text fz="sm" c="dimmed" mb="md">
            Signed in somewhere you should not be? End every session of your account at once.
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout2 size={16} />}
            onClick={() => setConfirming(true)}
            loading={logoutAll.isPending}
          >
            Sign out everywhere
          </Button>
        </Section>
      </Stack>
      {confirming && (
        <ConfirmModal
          title="Sign out everywhere?"
          confirmLabel="Sign out everywhere"
          loading={logoutAll.isPending}
          onConfirm={logoutEverywhere}
          onClose={() => setConfirming(false)}
        >
          Every session of your account ends, on every device, including this one. You will have to
          sign in again.
        </ConfirmModal>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Field({ label, children, span }: { label: string; children: ReactNode; span?: boolean }) {
  return (
    <Stack gap={4} style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text fz="sm">{children}</Text> : children}
    </Stack>
  );
}
