import { Input, Progress, Text, Typography } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { EditorContent, useEditor } from '@tiptap/react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { hasMath, type Katex, loadKatex } from './render-rich-text.ts';
import classes from './rich-text-editor.module.css';
import { editorExtensions } from './rich-text-editor-extensions.ts';
import { firstTexProblem } from './rich-text-editor-tex.ts';
import { RichTextToolbar } from './rich-text-toolbar.tsx';

/** Types the server keeps (it sniffs the bytes too); anything else is refused before uploading. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const ONLY_IMAGES = 'Only images can be added here (PNG, JPEG, WebP or GIF).';

/** Pasted HTML keeps only images it can upload (data: URLs) or ours: never a link to another site. */
const keepImage = (src: string) => /^data:image\//i.test(src) || src.startsWith('/api/');
function dropForeignImages(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const img of doc.querySelectorAll('img')) {
    if (!keepImage(img.getAttribute('src') ?? '')) img.remove();
  }
  return doc.body.innerHTML;
}

/** The field's first formula problem as typed (KaTeX loads with the first formula), or null. */
function useTexProblem(html: string): string | null {
  const needed = hasMath(html) || /\\[([]/.test(html);
  const [katex, setKatex] = useState<Katex | null>(null);
  useEffect(() => {
    if (!needed || katex) return;
    let live = true;
    loadKatex().then(
      (k) => live && setKatex(() => k),
      () => {}, // offline: the server's check at save still speaks
    );
    return () => {
      live = false;
    };
  }, [needed, katex]);
  return useMemo(
    () => (needed && katex ? firstTexProblem(katex, html) : null),
    [needed, katex, html],
  );
}

export interface RichTextEditorFieldProps {
  label: string;
  value: string;
  /** The HTML as typed; '' when the field is empty (not `<p></p>`), so "Required" reads right. */
  onChange: (html: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  placeholder?: string;
  /** The form path (`stem`, `options.2.html`): focused first when invalid. */
  path?: string;
  /** Uploads an image (button, paste or drop) with its progress (0..1) and answers its URL. */
  uploadImage?: (file: File, onProgress: (fraction: number) => void) => Promise<string>;
  /** Told when an image upload fails or a dropped file is not an image. */
  onUploadError?: (error: unknown) => void;
  /** Told while images are uploading, so a form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
  minHeight?: number;
  /** A short field (an option): the toolbar keeps inline formatting, formulas and images. */
  compact?: boolean;
}

/**
 * A labelled rich-text field on Tiptap with our own toolbar: bold to headings,
 * lists, links, formulas (LaTeX, with a live preview) and images uploaded by
 * the toolbar button, by paste or by drop, with their progress. Reused by
 * every screen that edits rich text (questions, mail templates,
 * instructions); loaded only by screens that edit, since Tiptap and
 * ProseMirror weigh about 100 kB.
 */
export function RichTextEditorField(props: RichTextEditorFieldProps) {
  const { label, value, description, required, placeholder, path } = props;
  // The form's own message wins; otherwise a formula KaTeX refuses is said at once.
  const texProblem = useTexProblem(value);
  const error = props.error || texProblem;
  const id = useId();
  const [uploads, setUploads] = useState<Record<string, { name: string; fraction: number }>>({});
  // The latest callbacks, read by the editor that is created once.
  const latest = useRef(props);
  latest.current = props;
  const lastHtml = useRef(value);

  // Built once: the editor is created once, and reads the latest callbacks through `latest`.
  const [extensions] = useState(() => {
    const upload = props.uploadImage
      ? async (file: File) => {
          if (!IMAGE_TYPES.includes(file.type)) throw new Error(ONLY_IMAGES);
          const key = `${file.name}-${Math.random()}`;
          const track = (fraction: number) =>
            setUploads((u) => ({ ...u, [key]: { name: file.name, fraction } }));
          track(0);
          try {
            return await latest.current.uploadImage!(file, track);
          } finally {
            setUploads(({ [key]: _done, ...rest }) => rest);
          }
        }
      : undefined;
    return editorExtensions({
      placeholder,
      uploadImage: upload,
      onUploadError: (_file, e) => latest.current.onUploadError?.(e),
    });
  });

  const invalid = Boolean(error);
  const editor = useEditor({
    extensions,
    content: value,
    // Markdown-style mark shortcuts would eat the underscores and stars of
    // blanks (`___`) and of formulas (`x_1 + x_2`, `a*b*c`) as italics or
    // bold; only the block shortcuts ("- " for a list, "> " for a quote) stay.
    enableInputRules: ['bulletList', 'orderedList', 'blockquote', 'heading', 'codeBlock', 'link'],
    enablePasteRules: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': [description && `${id}-description`, invalid && `${id}-error`]
          .filter(Boolean)
          .join(' '),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(path ? { 'data-path': path } : {}),
      },
      transformPastedHTML: dropForeignImages,
      // Files that are not images would otherwise be dropped or pasted without a word.
      handleDOMEvents: {
        drop: (_view, event) => refuseNonImages(event.dataTransfer?.files),
        paste: (_view, event) => refuseNonImages(event.clipboardData?.files),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      lastHtml.current = html;
      latest.current.onChange(html);
    },
  });

  function refuseNonImages(files: FileList | undefined): boolean {
    const list = Array.from(files ?? []);
    if (list.length === 0 || list.some((f) => f.type.startsWith('image/'))) return false;
    latest.current.onUploadError?.(new Error(ONLY_IMAGES));
    return true;
  }

  // The ARIA state follows the field's error as the admin types.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': invalid ? 'true' : 'false',
          'aria-describedby': [description && `${id}-description`, invalid && `${id}-error`]
            .filter(Boolean)
            .join(' '),
        },
      },
    });
  }, [editor, invalid, description, id]);

  // A value set from outside (a restored revision, a reload) replaces the text.
  useEffect(() => {
    if (!editor || value === lastHtml.current) return;
    lastHtml.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const busy = Object.keys(uploads).length > 0;
  useEffect(() => {
    latest.current.onBusyChange?.(busy);
  }, [busy]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      required={required}
      description={description}
      error={error}
      id={id}
      labelProps={{ id: `${id}-label` }}
      descriptionProps={{ id: `${id}-description` }}
      errorProps={{ id: `${id}-error` }}
    >
      <div className={classes.root} data-invalid={invalid || undefined} style={{ marginTop: 4 }}>
        <RichTextToolbar
          editor={editor}
          label={label}
          compact={props.compact}
          imageAccept={props.uploadImage ? IMAGE_TYPES.join(',') : undefined}
        />
        <Typography>
          <EditorContent
            editor={editor}
            className={classes.content}
            style={{ '--rte-min-height': `${props.minHeight ?? 80}px` } as React.CSSProperties}
          />
        </Typography>
      </div>
      {Object.entries(uploads).map(([key, u]) => (
        <div key={key}>
          <Text fz="xs" c="dimmed" mt={4}>
            Uploading {u.name}… {Math.round(u.fraction * 100)}%
          </Text>
          <Progress value={u.fraction * 100} size="sm" aria-label={`Uploading ${u.name}`} />
        </div>
      ))}
    </Input.Wrapper>
  );
}
