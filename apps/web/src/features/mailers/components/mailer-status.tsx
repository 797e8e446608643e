import type { Mailer } from '@bo/contract';
import { StatusBadge } from '../../../components/status-badge.tsx';

const LOOK: Record<Mailer['status'], { color: string; label: string }> = {
  scheduled: { color: 'violet', label: 'Scheduled' },
  sending: { color: 'blue', label: 'Sending' },
  paused: { color: 'yellow', label: 'Paused' },
  cancelled: { color: 'gray', label: 'Cancelled' },
  done: { color: 'green', label: 'Finished' },
  failed: { color: 'red', label: 'Failed' },
};

export function MailerStatus({ status }: { status: Mailer['status'] }) {
  return <StatusBadge color={LOOK[status].color}>{LOOK[status].label}</StatusBadge>;
}
