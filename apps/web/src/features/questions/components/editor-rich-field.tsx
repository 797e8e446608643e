import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorFieldProps } from '../../../components/rich-text/rich-text-editor.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { uploadQuestionImage } from '../api/upload-image.ts';

// Tiptap and ProseMirror load after the editor screen's own chunk, so the
// form's frame shows at once and no other screen ever downloads them.
const RichTextEditorField = lazy(() =>
  import('../../../components/rich-text/rich-text-editor.tsx').then((m) => ({
    default: m.RichTextEditorField,
  })),
);

const reportUploadError = (error: unknown) => notifyError(error, 'The image was not added');

/** A question's rich-text field: images go to the question image store. */
export function EditorRichField(
  props: Omit<RichTextEditorFieldProps, 'uploadImage' | 'onUploadError'>,
) {
  const height = (props.minHeight ?? 80) + 48;
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} labelElement="div" required={props.required}>
          <Skeleton h={height} mt={4} />
        </Input.Wrapper>
      }
    >
      <RichTextEditorField
        {...props}
        uploadImage={uploadQuestionImage}
        onUploadError={reportUploadError}
      />
    </Suspense>
  );
}
