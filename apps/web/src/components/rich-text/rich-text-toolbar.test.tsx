import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { RichTextEditorField } from './rich-text-editor.tsx';

/** The field with our toolbar: Mantine's control names, pressed states that follow the text. */
function show(props: { compact?: boolean; html?: string } = {}) {
  const changes: string[] = [];
  const element = (
    <RichTextEditorField
      label="Question"
      value={props.html ?? '<p>Hello</p>'}
      onChange={(html) => changes.push(html)}
      compact={props.compact}
      uploadImage={async () => '/api/questions/image?key=x'}
    />
  );
  renderRoutes([{ path: '/', element }], '/');
  return changes;
}

const FULL = [
  'Bold',
  'Italic',
  'Underline',
  'Strikethrough',
  'Subscript',
  'Superscript',
  'Code',
  'Heading 3',
  'Heading 4',
  'Bullet list',
  'Ordered list',
  'Blockquote',
  'Link',
  'Remove link',
  'Insert formula',
  'Add image',
];

describe('RichTextToolbar', () => {
  it('names every control as Mantine did, in a toolbar named after the field', async () => {
    show();
    const toolbar = await screen.findByRole('toolbar', { name: 'Question: formatting' });
    const names = Array.from(toolbar.querySelectorAll('button')).map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(names).toEqual(FULL);
    expect(toolbar.querySelector('input[type="file"]')?.getAttribute('accept')).toContain(
      'image/png',
    );
  });

  it('keeps inline marks, the formula and the image in a compact toolbar', async () => {
    show({ compact: true });
    const toolbar = await screen.findByRole('toolbar', { name: 'Question: formatting' });
    const names = Array.from(toolbar.querySelectorAll('button')).map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(names).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Subscript',
      'Superscript',
      'Insert formula',
      'Add image',
    ]);
  });

  it('toggles a mark on the selection and says so by its pressed state', async () => {
    const changes = show();
    const bold = await screen.findByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    const text = await screen.findByRole('textbox', { name: 'Question' });
    // Select the whole text (ProseMirror's Mod-A), then press Bold.
    act(() => text.focus());
    fireEvent.keyDown(text, { key: 'a', ctrlKey: true });
    fireEvent.click(bold);
    expect(changes.at(-1)).toBe('<p><strong>Hello</strong></p>');
    expect(bold.getAttribute('aria-pressed')).toBe('true');
  });
});
