import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorFieldProps } from '../../../components/rich-text/rich-text-editor.tsx';

// Tiptap loads only when an instruction is written, as in the question editor.
const RichTextEditorField = lazy(() =>
  import('../../../components/rich-text/rich-text-editor.tsx').then((m) => ({
    default: m.RichTextEditorField,
  })),
);

/**
 * The rich-text field of the builder's instructions (instruction blocks, an
 * assessment's and a section's instructions): the editor's code is fetched
 * when the field first shows, with a skeleton of its size meanwhile.
 */
export function LazyRichTextField(props: RichTextEditorFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} labelElement="div" required={props.required}>
          <Skeleton h={(props.minHeight ?? 120) + 40} mt={4} />
        </Input.Wrapper>
      }
    >
      <RichTextEditorField {...props} />
    </Suspense>
  );
}
