import { MAX_GRADE_BANDS, REVIEW_MODE_LABELS, REVIEW_MODES } from '@bo/contract/assessment-options';
import type { AssessmentKind } from '@bo/contract/assessments';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { cutoffInMarks, nextBand, type SettingsValues } from './settings-values.ts';

/**
 * The settings drawer's "Options": shuffles, the pass mark (a percentage,
 * with what it means in marks today), when learners see the answers, and
 * up to ten grade bands, each from a percentage with a label and feedback.
 * Every field is a labelled input in tab order; bands are added and removed
 * with buttons that name the band.
 */
export function ResultOptionsFields({
  form,
  kind,
  totalMarks,
}: {
  form: UseFormReturnType<SettingsValues>;
  kind: AssessmentKind;
  totalMarks: number;
}) {
  const { cutoffPercent, gradeBands } = form.getValues();
  return (
    <Fieldset legend="Options" variant="filled" data-testid="assessment-options">
      <Stack gap="sm">
        {/* A video quiz's questions come at their moments: there is no order to shuffle. */}
        {kind !== 'video_quiz' && (
          <Switch
            label="Shuffle the questions"
            description="Within each section, in an order of its own for every attempt"
            {...form.getInputProps('shuffleQuestions', { type: 'checkbox' })}
          />
        )}
        <Switch
          label="Shuffle the options"
          description="Of single and multiple choice questions"
          {...form.getInputProps('shuffleOptions', { type: 'checkbox' })}
        />
        <Group align="flex-start" wrap="nowrap">
          <NumberInput
            w={140}
            label="Pass mark (%)"
            description={cutoffInMarks(cutoffPercent, totalMarks) ?? 'Empty: no pass mark'}
            min={1}
            max={100}
            allowDecimal={false}
            suffix="%"
            {...form.getInputProps('cutoffPercent')}
          />
          <NativeSelect
            style={{ flex: 1 }}
            label="Learners see the answers"
            data={REVIEW_MODES.map((m) => ({ value: m, label: REVIEW_MODE_LABELS[m] }))}
            {...form.getInputProps('showAnswers')}
          />
        </Group>
        <Stack gap={0}>
          <Text fz="sm" fw={500}>
            Grade bands
          </Text>
          <Text fz="xs" c="dimmed">
            {gradeBands.length === 0
              ? 'None: the result shows the score without a band.'
              : 'Each runs from its start up to the next one’s; the first starts at 0%.'}
          </Text>
        </Stack>
        {gradeBands.map((band, i) => (
          <Fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: bands are numbered by position
            key={i}
            legend={`Band ${i + 1}${band.label ? `: ${band.label}` : ''}`}
          >
            <Stack gap="xs">
              <Group align="flex-start" wrap="nowrap">
                <NumberInput
                  label="From (%)"
                  min={0}
                  max={100}
                  allowDecimal={false}
                  w={100}
                  {...form.getInputProps(`gradeBands.${i}.fromPercent`)}
                />
                <TextInput
                  label="Label"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`gradeBands.${i}.label`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={`Remove band ${i + 1}`}
                  onClick={() => form.removeListItem('gradeBands', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <Textarea
                label="Feedback"
                description="Shown to the learner with the result"
                autosize
                minRows={1}
                maxRows={4}
                {...form.getInputProps(`gradeBands.${i}.feedback`)}
              />
            </Stack>
          </Fieldset>
        ))}
        {form.errors.gradeBands && (
          <Text fz="sm" c="red" role="alert">
            {form.errors.gradeBands}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={gradeBands.length >= MAX_GRADE_BANDS}
            onClick={() => form.insertListItem('gradeBands', nextBand(gradeBands))}
          >
            Add a grade band
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
