import { type Audience, audienceSchema } from '@bo/contract/audience';
import { RATE_PER_MINUTE_MAX } from '@bo/contract/common';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AudiencePicker } from '../../../components/audience-picker.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  getTemplate,
  usePreviewMailer,
  useSamplePreview,
  useSendMailer,
  useTemplateChoices,
} from '../api/send-mailer.ts';

/** /mailers/new: template, audience (with its count), preview, confirm; then the campaign's page. */
export function NewMailerPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [audience, setAudience] = useState<Audience>({ kind: 'all' });
  // One key per confirmation: a double click, or a retry after a lost answer, sends one campaign.
  const [key, setKey] = useState<string | null>(null);
  // "Later": a local date and time (the admin's zone), sent as UTC.
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [localTime, setLocalTime] = useState('');
  // Off unless chosen: counting opens and clicks records what each recipient did (docs/privacy.md).
  const [track, setTrack] = useState(false);
  // Empty: as fast as the server's throttle allows.
  const [rate, setRate] = useState<number | ''>('');
  const sendAt = when === 'later' && localTime ? new Date(localTime).toISOString() : undefined;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const templates = useTemplateChoices();
  const count = usePreviewMailer();
  const sample = useSamplePreview();
  const send = useSendMailer();
  const template = templates.data?.items.find((t) => String(t.id) === templateId);
  const audienceReady = audienceSchema.safeParse(audience).success;

  const toPreview = async () => {
    if (!templateId) return;
    try {
      await count.mutateAsync({ templateId: Number(templateId), audience });
      setStep(2);
      const full = await getTemplate(Number(templateId));
      sample.mutate({ subject: full.subject, html: full.html });
    } catch (error) {
      notifyError(error);
    }
  };
  const figures = count.data;
  const willSend = figures ? figures.recipients - figures.unsubscribed - figures.withoutEmail : 0;

  return (
    <>
      <PageHeader
        title="New mailer"
        description="Send a template to learners, in the background."
      />
      <Stepper
        active={step}
        onStepClick={(s) => s < step && setStep(s)}
        allowNextStepsSelect={false}
      >
        <Stepper.Step label="Template">
          <Stack gap="md" maw={520} mt="md">
            {templates.data?.items.length === 0 && (
              <Alert color="yellow" title="No mail template yet">
                A mailer sends a template.{' '}
                <Anchor component={Link} to="/mail-templates" inherit>
                  Write one in Mail templates
                </Anchor>{' '}
                first.
              </Alert>
            )}
            <Select
              disabled={templates.data?.items.length === 0}
              label="Template"
              placeholder={templates.isPending ? 'Loading…' : 'Choose a template'}
              data={(templates.data?.items ?? []).map((t) => ({
                value: String(t.id),
                label: t.name,
              }))}
              value={templateId}
              onChange={setTemplateId}
              searchable
              nothingFoundMessage="No template by that name"
            />
            {template && (
              <Text fz="sm">
                Subject: <strong>{template.subject}</strong>
              </Text>
            )}
            <Group>
              <Button disabled={!templateId} onClick={() => setStep(1)}>
                Next: audience
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Audience">
          <Stack gap="md" maw={620} mt="md">
            <AudiencePicker value={audience} onChange={setAudience} />
            <Group>
              <Button variant="default" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button disabled={!audienceReady} loading={count.isPending} onClick={toPreview}>
                Next: preview
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Preview">
          <Stack gap="md" mt="md">
            {figures && (
              <Alert
                color="blue"
                title={`${willSend.toLocaleString()} learners will get this mail`}
              >
                {figures.recipients.toLocaleString()} in the audience
                {figures.unsubscribed
                  ? `; ${figures.unsubscribed.toLocaleString()} on the suppression list`
                  : ''}
                {figures.withoutEmail
                  ? `; ${figures.withoutEmail.toLocaleString()} without an e-mail address`
                  : ''}
                {figures.unsubscribed || figures.withoutEmail ? ' (skipped).' : '.'}
              </Alert>
            )}
            {sample.isError && <Alert color="red">{errorMessage(sample.error)}</Alert>}
            {sample.data && (
              <Paper withBorder p="sm">
                <Text fz="sm" c="dimmed">
                  With sample data
                </Text>
                <Text fw={600} mb="xs">
                  {sample.data.subject}
                </Text>
                <iframe
                  title="Mail preview"
                  sandbox=""
                  srcDoc={sample.data.html}
                  style={{ width: '100%', height: 320, border: 0, background: 'white' }}
                />
              </Paper>
            )}
            <Switch
              label="Track opens and clicks"
              description="Records, per recipient, when the mail was first opened (if their mail client shows images) and when a link in it was first clicked, with how many times. Links go through our address first."
              checked={track}
              onChange={(e) => setTrack(e.currentTarget.checked)}
              maw={620}
              data-testid="track-switch"
            />
            <NumberInput
              label="At most this many mails a minute"
              description="Optional: spreads the mails over each minute (1 to 100,000). Empty: as fast as the server allows."
              value={rate}
              onChange={(v) => setRate(typeof v === 'number' ? v : '')}
              min={1}
              max={RATE_PER_MINUTE_MAX}
              allowDecimal={false}
              allowNegative={false}
              maw={320}
              data-testid="rate-input"
            />
            <Radio.Group label="When" value={when} onChange={(v) => setWhen(v as 'now' | 'later')}>
              <Group mt={6}>
                <Radio value="now" label="Now" />
                <Radio value="later" label="At a time" />
              </Group>
            </Radio.Group>
            {when === 'later' && (
              <TextInput
                type="datetime-local"
                label="Send at"
                description={`Your time zone: ${zone}. It can still be paused or cancelled until then.`}
                value={localTime}
                onChange={(e) => setLocalTime(e.currentTarget.value)}
                maw={320}
              />
            )}
            <Group>
              <Button variant="default" onClick={() => setStep(1)}>
                Back
              </Button>
              <Button
                disabled={!willSend || (when === 'later' && !sendAt)}
                onClick={() => setKey(crypto.randomUUID())}
              >
                {when === 'later' ? 'Schedule…' : 'Send…'}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
      {key && templateId && (
        <ConfirmModal
          title={sendAt ? 'Schedule this mailer?' : 'Send this mailer?'}
          confirmLabel={
            sendAt
              ? `Schedule for ${formatDateTime(sendAt)}`
              : `Send to ${willSend.toLocaleString()} learners`
          }
          color="blue"
          loading={send.isPending}
          onClose={() => setKey(null)}
          onConfirm={async () => {
            try {
              const m = await send.mutateAsync({
                templateId: Number(templateId),
                audience,
                idempotencyKey: key,
                track,
                ...(sendAt ? { sendAt } : {}),
                ...(rate !== '' ? { ratePerMinute: rate } : {}),
              });
              notifySuccess(
                sendAt
                  ? `The mailer is scheduled for ${formatDateTime(sendAt)}`
                  : 'The mailer is on its way',
              );
              navigate(`/mailers/${m.id}`);
            } catch (error) {
              notifyError(error);
            }
          }}
        >
          “{template?.name}” goes to {willSend.toLocaleString()} learners
          {sendAt ? ` from ${formatDateTime(sendAt)}` : ''}. It is sent in the background; you can
          pause or cancel it from its page.
          {track ? ' Opens and clicks are tracked.' : ''}
          {rate !== '' ? ` At most ${rate.toLocaleString()} mails a minute.` : ''}
        </ConfirmModal>
      )}
    </>
  );
}
