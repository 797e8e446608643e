import type { AssessmentDetail, AssessmentSection } from '@bo/contract';
import { DIFFICULTIES, QUESTION_TYPE_LABELS, QUESTION_TYPES } from '@bo/contract/questions';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { TagSelects } from '../../../components/tag-selects.tsx';
import { focusFirstInvalid, liveValidation, showFormError } from '../../../lib/form.ts';
import { useFillSection } from '../api/fill-section.ts';
import { type FillValues, fillOutcome, fillValuesOf, toRule, validateFill } from './fill-rule.ts';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * "Fill by rule" on a section (mock and diagnostic tests): how many easy,
 * medium and hard questions, and the bank's filters they must match; checked
 * with the contract's rule as typed. The answer stays on screen: what was
 * added per difficulty and what the bank lacked, while the items appear in
 * the section behind the dialog.
 */
export function FillSectionModal({
  detail,
  section,
  onClose,
}: {
  detail: AssessmentDetail;
  section: AssessmentSection;
  onClose: () => void;
}) {
  const fill = useFillSection(detail.kind);
  const [outcome, setOutcome] = useState<ReturnType<typeof fillOutcome> | null>(null);
  const form = useForm<FillValues>({
    mode: 'controlled',
    initialValues: fillValuesOf(detail, section),
    validate: validateFill,
    ...liveValidation,
  });
  const submit = form.onSubmit((v) => {
    const rule = toRule(v);
    fill.mutate(
      { id: detail.id, sectionId: section.id, rule },
      {
        onSuccess: (r) => setOutcome(fillOutcome(rule.mix, r.short)),
        onError: (e) => showFormError(form, e),
      },
    );
  }, focusFirstInvalid);
  const { values } = form;

  return (
    <Modal opened onClose={onClose} title={`Fill “${section.name}” by rule`} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text fz="sm" c="dimmed">
            Active bank questions matching the filters and not yet in this test are picked at random
            and added at the end of the section.
          </Text>
          <SimpleGrid cols={3}>
            {DIFFICULTIES.map((d) => (
              <NumberInput
                key={d}
                label={cap(d)}
                placeholder="0"
                min={0}
                max={500}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps(`mix.${d}`)}
              />
            ))}
          </SimpleGrid>
          {form.errors.mix && (
            <Text fz="sm" c="red" role="alert">
              {form.errors.mix}
            </Text>
          )}
          <SimpleGrid cols={2}>
            <TagSelects
              withLabels
              anyLabel="Any"
              value={values}
              onChange={(tags) => form.setValues(tags)}
            />
            <Select
              label="Question type"
              placeholder="Any type"
              clearable
              data={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
              {...form.getInputProps('type')}
            />
            <TextInput label="Tag" placeholder="Any tag" {...form.getInputProps('tag')} />
          </SimpleGrid>
          {outcome && (
            <Alert
              color={outcome.shortfalls.length ? 'yellow' : 'green'}
              title={outcome.added}
              role="status"
            >
              {outcome.shortfalls.length > 0 && (
                <List size="sm">
                  {outcome.shortfalls.map((s) => (
                    <List.Item key={s}>{s}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {outcome ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" loading={fill.isPending}>
              {outcome ? 'Fill again' : 'Fill section'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
