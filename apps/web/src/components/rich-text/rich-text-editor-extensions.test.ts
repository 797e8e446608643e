import { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { altFromFileName, editorExtensions } from './rich-text-editor-extensions.ts';

describe('an uploaded image’s text alternative', () => {
  it('is the file name without extension, separators as spaces', () => {
    expect(altFromFileName('circle-radius_2.png')).toBe('circle radius 2');
    expect(altFromFileName('वृत्त का क्षेत्रफल.jpeg')).toBe('वृत्त का क्षेत्रफल');
  });
  it('says "Image" when the name holds nothing else', () => {
    expect(altFromFileName('.png')).toBe('Image');
    expect(altFromFileName('')).toBe('Image');
  });
});

describe('the link mark (without linkifyjs)', () => {
  const make = (content: string) =>
    new Editor({ extensions: editorExtensions({}), content, enableInputRules: ['link'] });
  /** Types text at the end as a keyboard would, so input rules run. */
  const type = (editor: Editor, text: string) => {
    for (const ch of text) {
      const { from, to } = editor.state.selection;
      const view = editor.view;
      const handled = view.someProp('handleTextInput', (f) =>
        f(view, from, to, ch, () => view.state.tr.insertText(ch, from, to)),
      );
      if (!handled) view.dispatch(view.state.tr.insertText(ch, from, to));
    }
  };

  it('keeps web and mail links as Tiptap’s link extension wrote them, drops others', () => {
    const editor = make(
      '<p><a href="https://example.org/a">web</a> <a href="mailto:a@b.c">mail</a> <a href="javascript:alert(1)">bad</a></p>',
    );
    expect(editor.getHTML()).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/a">web</a> ' +
        '<a target="_blank" rel="noopener noreferrer nofollow" href="mailto:a@b.c">mail</a> bad</p>',
    );
    editor.destroy();
  });

  it('sets and removes a link on the selection, refusing other schemes', () => {
    const editor = make('<p>Hello</p>');
    editor.commands.selectAll();
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(editor.getHTML()).toBe('<p>Hello</p>');
    expect(editor.commands.setLink({ href: 'https://example.org' })).toBe(true);
    expect(editor.getHTML()).toContain('href="https://example.org">Hello</a>');
    editor.commands.unsetLink();
    expect(editor.getHTML()).toBe('<p>Hello</p>');
    editor.destroy();
  });

  it('links an address typed with its scheme or www. once a space follows', () => {
    const editor = make('<p>See</p>');
    editor.commands.focus('end');
    type(editor, ' https://example.org/a?b=1 and www.example.org. or x.org ');
    expect(editor.getHTML()).toBe(
      '<p>See <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/a?b=1">https://example.org/a?b=1</a>' +
        ' and www.example.org. or x.org </p>',
    );
    type(editor, 'www.example.org ');
    expect(editor.getHTML()).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://www.example.org">www.example.org</a> </p>',
    );
    editor.destroy();
  });
});
