import { type AssessmentDetail, assessmentSettingsEdit } from '@bo/contract/assessments';
import {
  Button,
  Drawer,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { useEditSettings } from '../api/edit-settings.ts';
import { KINDS } from '../kinds.ts';

/** The fields as the form holds them: empty text for "none", local date-times for the window. */
interface Values {
  durationMinutes: number | '';
  defaultMarks: number | '';
  defaultNegativeMarks: number | '';
  unansweredMarks: number | '';
  partialCredit: 'all_or_nothing' | 'per_option';
  attemptsAllowed: number | '';
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  availableFrom: string;
  availableTo: string;
}

/** `2026-11-23T10:00:00.000Z` -> `2026-11-23T15:30` in the browser's time zone (what datetime-local shows). */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : null);
const orNull = (n: number | '') => (n === '' ? null : n);

const valuesOf = (d: AssessmentDetail): Values => ({
  durationMinutes: d.durationMinutes ?? '',
  defaultMarks: d.defaultMarks ?? '',
  defaultNegativeMarks: d.defaultNegativeMarks ?? '',
  unansweredMarks: d.unansweredMarks,
  partialCredit: d.partialCredit,
  attemptsAllowed: d.attemptsAllowed ?? '',
  shuffleQuestions: d.shuffleQuestions,
  shuffleOptions: d.shuffleOptions,
  availableFrom: toLocal(d.availableFrom),
  availableTo: toLocal(d.availableTo),
});

const toChange = (v: Values) => ({
  durationMinutes: orNull(v.durationMinutes),
  defaultMarks: orNull(v.defaultMarks),
  defaultNegativeMarks: orNull(v.defaultNegativeMarks),
  unansweredMarks: v.unansweredMarks === '' ? 0 : v.unansweredMarks,
  partialCredit: v.partialCredit,
  attemptsAllowed: orNull(v.attemptsAllowed),
  shuffleQuestions: v.shuffleQuestions,
  shuffleOptions: v.shuffleOptions,
  availableFrom: fromLocal(v.availableFrom),
  availableTo: fromLocal(v.availableTo),
});

const validate = validateWith(assessmentSettingsEdit);

/**
 * The settings every kind shares (duration, default and unanswered marks,
 * partial credit, attempts, shuffles, availability window), checked with
 * the contract's rules as they are typed and saved in one change through
 * the kind's own route. Totals stay derived from the items.
 */
export function SettingsDrawer({
  detail,
  onClose,
}: {
  detail: AssessmentDetail;
  onClose: () => void;
}) {
  const def = KINDS[detail.kind];
  const save = useEditSettings(detail.kind);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(detail),
    validate: (v) => validate(toChange(v)),
    ...liveValidation,
  });
  const draft = useFormDraft(form, `${detail.kind}-settings:${detail.id}`, 'these settings');
  const submit = form.onSubmit(
    (v) =>
      save.mutate(
        { id: detail.id, ...toChange(v) },
        {
          onSuccess: () => {
            draft.saved();
            notifySuccess(`${def.label} settings saved.`);
            onClose();
          },
          onError: (e) => showFormError(form, e),
        },
      ),
    focusFirstInvalid,
  );
  const marks = { min: 0, max: 1000, step: 0.25, decimalScale: 2 };
  return (
    <Drawer opened onClose={onClose} title={`${def.label} settings`} position="right" size="md">
      {draft.offer}
      <form noValidate onSubmit={submit}>
        <Stack>
          <NumberInput
            label="Duration (minutes)"
            description={
              def.ops.fillSection ? "Empty: the sections' times, or no limit" : 'Empty: no limit'
            }
            min={1}
            max={1440}
            allowDecimal={false}
            {...form.getInputProps('durationMinutes')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Default marks"
              description="For questions added from now on"
              {...marks}
              {...form.getInputProps('defaultMarks')}
            />
            <NumberInput
              label="Default negative marks"
              description="Taken for a wrong answer"
              {...marks}
              {...form.getInputProps('defaultNegativeMarks')}
            />
          </Group>
          <NumberInput
            label="Marks for an unanswered question"
            {...marks}
            {...form.getInputProps('unansweredMarks')}
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="partial-credit-label">
              Multiple choice
            </Text>
            <SegmentedControl
              aria-labelledby="partial-credit-label"
              data={[
                { value: 'all_or_nothing', label: 'All or nothing' },
                { value: 'per_option', label: 'A share per correct option' },
              ]}
              {...form.getInputProps('partialCredit')}
            />
          </Stack>
          <NumberInput
            label="Attempts allowed"
            description="Empty: no limit"
            min={1}
            max={100}
            allowDecimal={false}
            {...form.getInputProps('attemptsAllowed')}
          />
          <Switch
            label="Shuffle the questions"
            {...form.getInputProps('shuffleQuestions', { type: 'checkbox' })}
          />
          <Switch
            label="Shuffle the options"
            {...form.getInputProps('shuffleOptions', { type: 'checkbox' })}
          />
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label="Available from"
              {...form.getInputProps('availableFrom')}
            />
            <TextInput
              type="datetime-local"
              label="Available until"
              {...form.getInputProps('availableTo')}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
