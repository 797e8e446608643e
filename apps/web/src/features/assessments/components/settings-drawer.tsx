import { withSettingsRules } from '@bo/contract/assessment-bodies';
import { type AssessmentDetail, assessmentSettingsEdit } from '@bo/contract/assessments';
import {
  Button,
  Drawer,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
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
import { ResultOptionsFields } from './result-options-fields.tsx';
import { type SettingsValues, settingsChange, settingsValuesOf } from './settings-values.ts';

// The cross-field rules too (a window end for answers after the close), as the server checks them.
const validate = validateWith(withSettingsRules(assessmentSettingsEdit));

/**
 * The settings every kind shares (duration, default and unanswered marks,
 * partial credit, attempts, availability window, then the options:
 * shuffles, pass mark, grade bands, when answers show), checked with
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
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: settingsValuesOf(detail),
    validate: (v) => validate(settingsChange(v)),
    ...liveValidation,
  });
  const draft = useFormDraft(form, `${detail.kind}-settings:${detail.id}`, 'these settings');
  const submit = form.onSubmit(
    (v) =>
      save.mutate(
        { id: detail.id, ...settingsChange(v) },
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
          <ResultOptionsFields form={form} kind={detail.kind} totalMarks={detail.totals.marks} />
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
