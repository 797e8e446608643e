import type { Audience, Notification } from '@bo/contract';
import { engagementImageRoutes } from '@bo/contract/engagement-images';
import { sendNotificationBody } from '@bo/contract/notifications';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { AudiencePicker } from '../../../components/audience-picker.tsx';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { PhonePreview } from '../../../components/phone-preview.tsx';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { useEditNotification } from '../api/edit-notification.ts';
import { useSendNotification } from '../api/send-notification.ts';

interface Values {
  title: string;
  body: string;
  link: string;
  mode: 'now' | 'schedule' | 'draft';
  /** datetime-local text, in the browser's time zone. */
  sendAtLocal: string;
  /** In the form's values, so a kept draft has them too. */
  audience: Audience;
  image: { key: string; url: string } | null;
}

/** The local "YYYY-MM-DDTHH:mm" of an ISO time, for a datetime-local input. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const toBody = (v: Values) => ({
  title: v.title,
  body: v.body,
  link: v.link.trim() || null,
  mode: v.mode,
  ...(v.mode === 'schedule' && v.sendAtLocal
    ? { sendAt: new Date(v.sendAtLocal).toISOString() }
    : {}),
});
const validateBody = validateWith(sendNotificationBody);

/** New notification, or a change to a draft or scheduled one, with a phone preview and the live count. */
export function NotificationComposer({
  notification,
  onClose,
}: {
  notification: Notification | null;
  onClose: () => void;
}) {
  const send = useSendNotification();
  const edit = useEditNotification();
  const form = useForm<Values>({
    initialValues: {
      title: notification?.title ?? '',
      body: notification?.body ?? '',
      link: notification?.link ?? '',
      mode: notification ? (notification.state === 'draft' ? 'draft' : 'schedule') : 'now',
      sendAtLocal: toLocalInput(notification?.sendAt ?? null),
      audience: notification?.audience ?? { kind: 'all' },
      image: notification?.imageKey
        ? { key: notification.imageKey, url: notification.imageUrl ?? '' }
        : null,
    },
    validate: (v) => {
      const errors = validateBody({ ...toBody(v), audience: v.audience });
      if (errors.sendAt) errors.sendAtLocal = errors.sendAt;
      else if (v.mode === 'schedule' && v.sendAtLocal && new Date(v.sendAtLocal) <= new Date())
        errors.sendAtLocal = 'Choose a time in the future';
      return errors;
    },
    ...liveValidation,
  });
  const draft = useFormDraft(
    form,
    `notification:${notification?.id ?? 'new'}`,
    'this notification',
  );
  const submit = form.onSubmit(async (v) => {
    const body = { ...toBody(v), audience: v.audience, imageKey: v.image?.key ?? null };
    try {
      const saved = notification
        ? await edit.mutateAsync({ id: notification.id, ...body })
        : await send.mutateAsync(body);
      draft.saved();
      const who = `${saved.recipientCount ?? 0} learners`;
      notifySuccess(
        v.mode === 'draft'
          ? 'Saved as a draft.'
          : v.mode === 'now'
            ? `Sending to ${who}.`
            : `Scheduled for ${who}.`,
      );
      onClose();
    } catch (error) {
      // The server checks the time against its clock; its answer goes to the field.
      showFormError(form, error, { sendAt: 'sendAtLocal' });
    }
  }, focusFirstInvalid);
  return (
    <Modal
      opened
      onClose={onClose}
      size={980}
      title={notification ? 'Change notification' : 'New notification'}
    >
      {draft.offer}
      <form onSubmit={submit} noValidate>
        {/* On a phone the preview goes under the fields instead of squeezing them. */}
        <Group align="flex-start" gap="xl">
          <Stack style={{ flex: '1 1 22rem' }} gap="sm">
            <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
            <Textarea
              label="Message"
              withAsterisk
              autosize
              minRows={3}
              {...form.getInputProps('body')}
            />
            <TextInput label="Link" placeholder="https://…" {...form.getInputProps('link')} />
            <ImageUploadField
              label="Image"
              route={engagementImageRoutes.uploadNotificationImage}
              url={form.values.image?.url ?? null}
              onChange={(image) => form.setFieldValue('image', image)}
            />
            <AudiencePicker
              value={form.values.audience}
              onChange={(audience) => form.setFieldValue('audience', audience)}
              error={
                Object.entries(form.errors).find(([k]) => k.startsWith('audience'))?.[1] as
                  | string
                  | undefined
              }
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="send-when">
                When
              </Text>
              <SegmentedControl
                aria-labelledby="send-when"
                data={[
                  { value: 'now', label: 'Send now' },
                  { value: 'schedule', label: 'At a time' },
                  { value: 'draft', label: 'Keep as draft' },
                ]}
                {...form.getInputProps('mode')}
              />
              {form.values.mode === 'schedule' && (
                <TextInput
                  type="datetime-local"
                  label="Send at"
                  withAsterisk
                  {...form.getInputProps('sendAtLocal')}
                />
              )}
            </Stack>
          </Stack>
          <PhonePreview
            label="Notification preview"
            kind="notification"
            title={form.values.title}
            body={form.values.body}
            imageUrl={form.values.image?.url}
            link={form.values.link}
          />
        </Group>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={send.isPending || edit.isPending}>
            {form.values.mode === 'now'
              ? 'Send'
              : form.values.mode === 'schedule'
                ? 'Schedule'
                : 'Save draft'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
