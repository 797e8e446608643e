import {
  type ReportSubscription,
  SUBSCRIBABLE_REPORTS,
  type SubscribableReport,
  updateReportSubscriptionBody,
} from '@bo/contract/report-subscriptions';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstInvalid, liveValidation, showFormError, validateWith } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCreateSubscription } from '../../lib/report-subscriptions/create-subscription.ts';
import { useUpdateSubscription } from '../../lib/report-subscriptions/update-subscription.ts';

const fields = updateReportSubscriptionBody.omit({ id: true });

const FREQUENCIES = [
  { value: 'daily', label: 'Every day (the day before)' },
  { value: 'weekly', label: 'Every week (the 7 days before)' },
  { value: 'monthly', label: 'Every month (the 30 days before)' },
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
  (label, i) => ({ value: String(i + 1), label }),
);
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({
  value: String(i + 1),
  label: i === 30 ? '31 (or the month’s last day)' : String(i + 1),
}));
const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Subscribing to a report (with the filters shown now) or changing one's
 * subscription: how often, at what hour of the admin's own time zone, and
 * the attached file's format.
 */
export function SubscriptionDialog({
  report,
  filters = {},
  subscription,
  onClose,
}: {
  report: SubscribableReport;
  filters?: Record<string, string>;
  /** The subscription changed; absent when subscribing. */
  subscription?: ReportSubscription;
  onClose: () => void;
}) {
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const busy = create.isPending || update.isPending;
  const form = useForm({
    initialValues: {
      frequency: subscription?.frequency ?? 'weekly',
      hour: String(subscription?.hour ?? 7),
      weekday: String(subscription?.weekday ?? 1),
      monthDay: String(subscription?.monthDay ?? 1),
      format: subscription?.format ?? 'xlsx',
      timeZone: subscription?.timeZone ?? browserZone(),
    },
    validate: (values) => validateWith(fields)(toBody(values)),
    ...liveValidation,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const body = toBody(values);
      if (subscription) await update.mutateAsync({ id: subscription.id, ...body });
      else await create.mutateAsync({ report, filters, ...body });
      notifySuccess(
        subscription
          ? 'Subscription changed'
          : 'Subscribed: the first mail is on its way at the time chosen',
      );
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);
  const label = SUBSCRIBABLE_REPORTS[report].label;
  const { frequency } = form.getValues();
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        subscription ? `Change subscription: ${label}` : `Subscribe to the ${label.toLowerCase()}`
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm" c="dimmed">
            An e-mail with the main figures, a small chart and the report’s file
            {Object.keys(filters).length > 0 && ', with the filters shown now'}.
          </Text>
          <Select
            label="How often"
            data={FREQUENCIES}
            allowDeselect={false}
            required
            data-autofocus
            {...form.getInputProps('frequency')}
          />
          {frequency === 'weekly' && (
            <Select
              label="On"
              data={WEEKDAYS}
              allowDeselect={false}
              {...form.getInputProps('weekday')}
            />
          )}
          {frequency === 'monthly' && (
            <Select
              label="On day"
              data={MONTH_DAYS}
              allowDeselect={false}
              {...form.getInputProps('monthDay')}
            />
          )}
          <Select
            label="At"
            description={`Your time: ${form.getValues().timeZone}`}
            data={HOURS}
            allowDeselect={false}
            {...form.getInputProps('hour')}
          />
          {report !== 'dashboard' && (
            <Select
              label="File"
              data={[
                { value: 'xlsx', label: 'Excel (XLSX)' },
                { value: 'csv', label: 'CSV' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('format')}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {subscription ? 'Save' : 'Subscribe'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function toBody(v: {
  frequency: string;
  hour: string;
  weekday: string;
  monthDay: string;
  format: string;
  timeZone: string;
}) {
  return {
    frequency: v.frequency as ReportSubscription['frequency'],
    hour: Number(v.hour),
    weekday: Number(v.weekday),
    monthDay: Number(v.monthDay),
    format: v.format as ReportSubscription['format'],
    timeZone: v.timeZone,
  };
}
