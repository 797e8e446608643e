import { Button, Popover, TextInput } from '@mantine/core';
import {
  IconBlockquote,
  IconBold,
  IconCode,
  IconH3,
  IconH4,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconStrikethrough,
  IconSubscript,
  IconSuperscript,
  IconUnderline,
  IconUnlink,
} from '@tabler/icons-react';
import { Slice } from '@tiptap/pm/model';
import { type Editor, useEditorState } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useRovingToolbar } from '../../lib/use-roving-toolbar.ts';
import { ToolbarControl } from './rich-text-control.tsx';
import classes from './rich-text-editor.module.css';
import { MathControl } from './rich-text-editor-math.tsx';

/**
 * The editor's toolbar: our own buttons over Tiptap's commands, with the
 * names Mantine's RichTextEditor gave them (Bold, Heading 3, Remove link…).
 * Mantine's component carried every control it has (tables, colour
 * picker…) whatever a screen showed: ~13 kB of the editor's download
 * (docs/performance-log.md, "Fifth pass").
 */

interface Marks {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  subscript: boolean;
  superscript: boolean;
  code: boolean;
  h3: boolean;
  h4: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
}

const NONE: Marks = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  subscript: false,
  superscript: false,
  code: false,
  h3: false,
  h4: false,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  link: false,
};

function activeMarks(editor: Editor | null): Marks {
  if (!editor || editor.isDestroyed) return NONE;
  const is = (name: string, attrs?: Record<string, unknown>) => editor.isActive(name, attrs);
  return {
    bold: is('bold'),
    italic: is('italic'),
    underline: is('underline'),
    strike: is('strike'),
    subscript: is('subscript'),
    superscript: is('superscript'),
    code: is('code'),
    h3: is('heading', { level: 3 }),
    h4: is('heading', { level: 4 }),
    bulletList: is('bulletList'),
    orderedList: is('orderedList'),
    blockquote: is('blockquote'),
    link: is('link'),
  };
}

export function RichTextToolbar({
  editor,
  label,
  compact,
  imageAccept,
}: {
  editor: Editor | null;
  label: string;
  compact?: boolean | undefined;
  /** The image types the upload button offers; without it, no image button. */
  imageAccept?: string | undefined;
}) {
  const on = useEditorState({ editor, selector: ({ editor: e }) => activeMarks(e) }) ?? NONE;
  // Commands not typed by the extensions' declarations (our sub/sup marks).
  const run = (fn: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => {
    if (editor) fn(editor.chain().focus()).run();
  };
  const toggle = (mark: string) => run((c) => c.toggleMark(mark));
  const toolbar = useRovingToolbar<HTMLDivElement>();
  return (
    <div
      ref={toolbar}
      className={classes.toolbar}
      role="toolbar"
      aria-label={`${label}: formatting`}
    >
      <div className={classes.group}>
        <ToolbarControl label="Bold" icon={IconBold} active={on.bold} onClick={toggle('bold')} />
        <ToolbarControl
          label="Italic"
          icon={IconItalic}
          active={on.italic}
          onClick={toggle('italic')}
        />
        <ToolbarControl
          label="Underline"
          icon={IconUnderline}
          active={on.underline}
          onClick={toggle('underline')}
        />
        {!compact && (
          <ToolbarControl
            label="Strikethrough"
            icon={IconStrikethrough}
            active={on.strike}
            onClick={toggle('strike')}
          />
        )}
        <ToolbarControl
          label="Subscript"
          icon={IconSubscript}
          active={on.subscript}
          onClick={toggle('subscript')}
        />
        <ToolbarControl
          label="Superscript"
          icon={IconSuperscript}
          active={on.superscript}
          onClick={toggle('superscript')}
        />
        {!compact && (
          <ToolbarControl label="Code" icon={IconCode} active={on.code} onClick={toggle('code')} />
        )}
      </div>
      {!compact && (
        <>
          <div className={classes.group}>
            <ToolbarControl
              label="Heading 3"
              icon={IconH3}
              active={on.h3}
              onClick={run((c) => c.toggleHeading({ level: 3 }))}
            />
            <ToolbarControl
              label="Heading 4"
              icon={IconH4}
              active={on.h4}
              onClick={run((c) => c.toggleHeading({ level: 4 }))}
            />
            <ToolbarControl
              label="Bullet list"
              icon={IconList}
              active={on.bulletList}
              onClick={run((c) => c.toggleBulletList())}
            />
            <ToolbarControl
              label="Ordered list"
              icon={IconListNumbers}
              active={on.orderedList}
              onClick={run((c) => c.toggleOrderedList())}
            />
            <ToolbarControl
              label="Blockquote"
              icon={IconBlockquote}
              active={on.blockquote}
              onClick={run((c) => c.toggleBlockquote())}
            />
          </div>
          <div className={classes.group}>
            <LinkControl editor={editor} active={on.link} />
            <ToolbarControl
              label="Remove link"
              icon={IconUnlink}
              onClick={run((c) => c.extendMarkRange('link').unsetLink())}
            />
          </div>
        </>
      )}
      <div className={classes.group}>
        <MathControl editor={editor} />
        {imageAccept && <ImageControl editor={editor} accept={imageAccept} />}
      </div>
    </div>
  );
}

/** The link button: the address in a small popover (Enter or Save sets it, empty removes it); Mod-K opens it. */
function LinkControl({ editor, active }: { editor: Editor | null; active: boolean }) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const open = () => {
    setUrl((editor?.getAttributes('link').href as string | undefined) ?? '');
    setOpened(true);
  };
  // The Link extension's Mod-K says "edit-link" to the whole window: only the focused editor answers.
  const latest = useRef({ editor, open });
  latest.current = { editor, open };
  useEffect(() => {
    const onEditLink = () => latest.current.editor?.isFocused && latest.current.open();
    window.addEventListener('edit-link', onEditLink);
    return () => window.removeEventListener('edit-link', onEditLink);
  }, []);
  const save = () => {
    setOpened(false);
    const chain = editor?.chain().focus().extendMarkRange('link');
    if (!chain) return;
    (url.trim() ? chain.setLink({ href: url.trim() }) : chain.unsetLink()).run();
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus shadow="md" withinPortal zIndex={10000}>
      <Popover.Target>
        <ToolbarControl label="Link" icon={IconLink} active={active} onClick={open} />
      </Popover.Target>
      <Popover.Dropdown>
        <div className={classes.linkEditor}>
          <TextInput
            type="url"
            aria-label="Enter URL"
            placeholder="https://example.com/"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              save();
            }}
          />
          <Button variant="default" onClick={save}>
            Save
          </Button>
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The image button: the chosen files take the path a pasted image takes (the
 * upload extension's paste handler: a placeholder at once, the uploaded image
 * when it is in), so the button, paste and drop behave the same.
 */
function ImageControl({ editor, accept }: { editor: Editor | null; accept: string }) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (files: FileList | null) => {
    if (!editor || !files?.length) return;
    const data = new DataTransfer();
    for (const f of Array.from(files)) data.items.add(f);
    const event = new ClipboardEvent('paste', { clipboardData: data });
    const { view } = editor;
    view.someProp('handlePaste', (handle) => handle(view, event, Slice.empty));
    if (input.current) input.current.value = '';
  };
  return (
    <>
      <ToolbarControl label="Add image" icon={IconPhoto} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => choose(e.currentTarget.files)}
      />
    </>
  );
}
