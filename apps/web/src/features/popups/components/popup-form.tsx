import type { Audience, Popup } from '@bo/contract';
import { engagementImageRoutes } from '@bo/contract/engagement-images';
import { savePopupBody } from '@bo/contract/popups';
import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
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
import { useSavePopup } from '../api/save-popup.ts';

interface Values {
  title: string;
  link: string;
  startsAt: string;
  endsAt: string;
  priority: number | string;
  capPerDay: number | string;
  capPerSession: number | string;
  capTotal: number | string;
  active: boolean;
  /** In the form's values, so a kept draft has them too. */
  audience: Audience;
  image: { key: string; url: string } | null;
}

/** A datetime-local value ("YYYY-MM-DDTHH:mm", browser time) from an ISO time, and back. */
const toLocal = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : '');
const capOf = (v: number | string) => (typeof v === 'number' ? v : null);

const toBody = (v: Values) => ({
  title: v.title,
  link: v.link.trim() || null,
  startsAt: fromLocal(v.startsAt),
  endsAt: fromLocal(v.endsAt),
  priority: typeof v.priority === 'number' ? v.priority : 0,
  capPerDay: capOf(v.capPerDay),
  capPerSession: capOf(v.capPerSession),
  capTotal: capOf(v.capTotal),
  status: v.active ? ('active' as const) : ('inactive' as const),
});
const validateBody = validateWith(savePopupBody);

/** New pop-up or a change to one (addpopup with its id), with its phone preview. */
export function PopupForm({ popup, onClose }: { popup: Popup | null; onClose: () => void }) {
  const save = useSavePopup();
  const now = Date.now();
  const form = useForm<Values>({
    initialValues: {
      title: popup?.title ?? '',
      link: popup?.link ?? '',
      startsAt: toLocal(popup?.startsAt ?? new Date(now).toISOString()),
      endsAt: toLocal(popup?.endsAt ?? new Date(now + 7 * 86_400_000).toISOString()),
      priority: popup?.priority ?? 0,
      capPerDay: popup?.capPerDay ?? '',
      capPerSession: popup?.capPerSession ?? '',
      capTotal: popup?.capTotal ?? '',
      active: (popup?.status ?? 'active') === 'active',
      audience: popup?.audience ?? { kind: 'all' },
      image: popup?.imageKey ? { key: popup.imageKey, url: popup.imageUrl ?? '' } : null,
    },
    validate: (v) => validateBody({ ...toBody(v), audience: v.audience }),
    ...liveValidation,
  });
  const draft = useFormDraft(form, `popup:${popup?.id ?? 'new'}`, 'this pop-up');
  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({
        ...(popup ? { id: popup.id } : {}),
        ...toBody(v),
        audience: v.audience,
        imageKey: v.image?.key ?? null,
      });
      draft.saved();
      notifySuccess(popup ? 'Pop-up saved.' : 'Pop-up created.');
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);
  const cap = (field: keyof Values, label: string) => (
    <NumberInput
      label={label}
      placeholder="No cap"
      min={1}
      max={1000}
      allowDecimal={false}
      {...form.getInputProps(field)}
    />
  );
  return (
    <Modal opened onClose={onClose} size={980} title={popup ? 'Change pop-up' : 'New pop-up'}>
      {draft.offer}
      <form onSubmit={submit} noValidate>
        {/* On a phone the preview goes under the fields instead of squeezing them. */}
        <Group align="flex-start" gap="xl">
          <Stack style={{ flex: '1 1 22rem' }} gap="sm">
            <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
            <TextInput label="Link" placeholder="https://…" {...form.getInputProps('link')} />
            <ImageUploadField
              label="Image"
              route={engagementImageRoutes.uploadPopupImage}
              url={form.values.image?.url ?? null}
              onChange={(image) => form.setFieldValue('image', image)}
            />
            <Group grow align="flex-start">
              <TextInput
                type="datetime-local"
                label="Shown from"
                withAsterisk
                {...form.getInputProps('startsAt')}
              />
              <TextInput
                type="datetime-local"
                label="Shown until"
                withAsterisk
                {...form.getInputProps('endsAt')}
              />
              <NumberInput
                label="Priority"
                description="Highest first"
                min={0}
                max={1000}
                allowDecimal={false}
                {...form.getInputProps('priority')}
              />
            </Group>
            <Group grow align="flex-start">
              {cap('capPerDay', 'Times per day')}
              {cap('capPerSession', 'Times per session')}
              {cap('capTotal', 'Times in all')}
            </Group>
            <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
            <AudiencePicker
              value={form.values.audience}
              onChange={(audience) => form.setFieldValue('audience', audience)}
              error={
                Object.entries(form.errors).find(([k]) => k.startsWith('audience'))?.[1] as
                  | string
                  | undefined
              }
            />
          </Stack>
          <PhonePreview
            label="Pop-up preview"
            kind="popup"
            title={form.values.title}
            imageUrl={form.values.image?.url}
            link={form.values.link}
          />
        </Group>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={save.isPending}>
            {popup ? 'Save' : 'Create pop-up'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
