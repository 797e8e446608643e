import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { EditorValues } from './editor-values.ts';

/** The numeric answer: the value, how far from it still counts, and an optional unit. */
export function AnswerNumeric({ form }: { form: UseFormReturnType<EditorValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="answer-numeric">
      <NumberInput
        label="Answer"
        required
        decimalScale={6}
        {...form.getInputProps('numericValue')}
      />
      <NumberInput
        label="Tolerance"
        description="± this much still counts; 0 for exact."
        min={0}
        decimalScale={6}
        {...form.getInputProps('numericTolerance')}
      />
      <TextInput
        label="Unit"
        description="Optional, e.g. m/s."
        {...form.getInputProps('numericUnit')}
      />
    </SimpleGrid>
  );
}
