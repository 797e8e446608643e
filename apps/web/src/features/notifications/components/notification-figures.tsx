import type { Notification } from '@bo/contract';
import { Group, Text } from '@mantine/core';

/** Sent, failed and opened (and what is left while sending), live from the delivery's ledger. */
export function NotificationFigures({ n }: { n: Notification }) {
  if (n.state === 'draft' || n.state === 'scheduled')
    return <Text fz="sm">{`${n.recipientCount ?? 0} recipients`}</Text>;
  const f = n.figures;
  const figure = (label: string, value: number, testId: string) => (
    <Text fz="sm" data-testid={testId}>
      <Text span fw={600}>
        {value.toLocaleString()}
      </Text>{' '}
      {label}
    </Text>
  );
  return (
    <Group gap="sm" wrap="nowrap">
      {figure('sent', f.sent, 'figure-sent')}
      {figure('failed', f.failed, 'figure-failed')}
      {figure('opened', f.opened, 'figure-opened')}
      {f.queued > 0 && figure('left', f.queued, 'figure-left')}
    </Group>
  );
}
