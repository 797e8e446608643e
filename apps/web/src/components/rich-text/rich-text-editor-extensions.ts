import { getUploadImageExtension } from '@mantine/tiptap';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import TipTapImage from '@tiptap/extension-image';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Text } from '@tiptap/extension-text';
import { Underline } from '@tiptap/extension-underline';
import { Dropcursor, Gapcursor, Placeholder, TrailingNode, UndoRedo } from '@tiptap/extensions';
import { type Extensions, InputRule, Mark, mergeAttributes } from '@tiptap/react';

/**
 * What the editor can produce is kept inside the server's sanitiser
 * allowlist (p, br, strong, em, u, s, sub, sup, lists, blockquote, code, pre,
 * a[href], img of our own images, h3/h4): a mark the server would strip
 * would look saved in the editor and vanish on reload. So the editor has
 * StarterKit's extensions without its horizontal rule, headings 3 and 4
 * only; sub- and superscript are two tiny marks of our own (their Tiptap
 * packages are not installed). The extensions are imported one by one, not
 * through StarterKit: StarterKit imports every extension it can enable, so
 * Tiptap's link extension and linkifyjs (~13 kB brotli) were downloaded
 * even though the link below replaces them.
 */

const simpleMark = (name: string, tag: 'sub' | 'sup', other: string) =>
  Mark.create({
    name,
    // A formula's x² must not also be x₂.
    excludes: other,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
    addCommands() {
      return {
        [`toggle${name[0]!.toUpperCase()}${name.slice(1)}`]:
          () =>
          ({ commands }: { commands: { toggleMark: (n: string) => boolean } }) =>
            commands.toggleMark(name),
      } as never;
    },
  });

export const Subscript = simpleMark('subscript', 'sub', 'superscript');
export const Superscript = simpleMark('superscript', 'sup', 'subscript');

/** Links leave for the web or mail only (the sanitiser drops anything else). */
export const isAllowedHref = (url: string) => /^(https?:\/\/|mailto:)/i.test(url.trim());

const LINK_DEFAULTS = { target: '_blank', rel: 'noopener noreferrer nofollow' };

/** An address typed in the text, then a space: `https://…`, `http://…`, `www.…` or `mailto:…`. */
const TYPED_ADDRESS = /(?:^|\s)((?:https?:\/\/|mailto:|www\.)[^\s<>"]*[^\s<>".,;:!?')\]])\s$/i;

/**
 * The link mark, as Tiptap's link extension makes it for us (same name,
 * attributes, HTML and commands: setLink, toggleLink, unsetLink) without
 * linkifyjs: an address is linked as it is typed when it starts with
 * http(s)://, www. or mailto: and a space follows it (linkify also found
 * bare domains like example.com, and addresses in pasted text; paste rules
 * are off in this editor anyway). Mod-K asks the toolbar for the link
 * popover ("edit-link" on the window, as Mantine's link extension did).
 */
export const SafeLink = Mark.create({
  name: 'link',
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  inclusive: false,
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') },
      target: { default: LINK_DEFAULTS.target },
      rel: { default: LINK_DEFAULTS.rel },
      class: { default: null },
      title: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (dom: HTMLElement) =>
          isAllowedHref(dom.getAttribute('href') ?? '') ? null : false,
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? '');
    const attributes = { ...HTMLAttributes, ...(isAllowedHref(href) ? {} : { href: '' }) };
    // Defaults first: the attributes' order of Tiptap's link extension.
    return ['a', mergeAttributes(LINK_DEFAULTS, attributes), 0];
  },
  addCommands() {
    return {
      setLink:
        (attributes: { href: string }) =>
        ({ chain }: { chain: () => Chain }) =>
          isAllowedHref(attributes.href) && chain().setMark('link', attributes).run(),
      toggleLink:
        (attributes?: { href: string }) =>
        ({ chain }: { chain: () => Chain }) =>
          !(attributes?.href && !isAllowedHref(attributes.href)) &&
          chain().toggleMark('link', attributes, { extendEmptyMarkRange: true }).run(),
      unsetLink:
        () =>
        ({ chain }: { chain: () => Chain }) =>
          chain().unsetMark('link', { extendEmptyMarkRange: true }).run(),
    } as never;
  },
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        window.dispatchEvent(new Event('edit-link'));
        return true;
      },
    };
  },
  addInputRules() {
    return [
      new InputRule({
        find: TYPED_ADDRESS,
        handler: ({ state, range, match }) => {
          const address = match[1]!;
          const href = /^www\./i.test(address) ? `https://${address}` : address;
          const start = range.from + match[0].indexOf(address);
          const end = start + address.length;
          if (state.doc.rangeHasMark(start, end, this.type)) return null;
          state.tr.addMark(start, end, this.type.create({ href })).removeStoredMark(this.type);
          // Tiptap has usually inserted the typed space already; if not, it goes in here.
          const typed = match[0].slice(-1);
          if (state.doc.textBetween(end, range.to) !== typed) state.tr.insertText(typed, range.to);
        },
      }),
    ];
  },
});

interface Chain {
  setMark: (name: string, attributes?: object) => Chain;
  toggleMark: (name: string, attributes?: object, options?: object) => Chain;
  unsetMark: (name: string, options?: object) => Chain;
  run: () => boolean;
}

export interface ExtensionOptions {
  placeholder?: string | undefined;
  /** Uploads one image and answers its URL; without it, images can be neither added nor pasted. */
  uploadImage?: ((file: File) => Promise<string>) | undefined;
  onUploadError?: ((file: File, error: unknown) => void) | undefined;
}

export function editorExtensions(options: ExtensionOptions): Extensions {
  const extensions: Extensions = [
    // StarterKit's order (the schema's and the shortcuts' order follow it).
    Bold,
    Blockquote,
    BulletList,
    Code,
    CodeBlock,
    Document,
    Dropcursor,
    Gapcursor,
    HardBreak,
    Heading.configure({ levels: [3, 4] }),
    UndoRedo,
    Italic,
    ListItem,
    ListKeymap,
    OrderedList,
    Paragraph,
    Strike,
    Text,
    Underline,
    TrailingNode,
    SafeLink,
    Subscript,
    Superscript,
    Placeholder.configure({ placeholder: options.placeholder ?? '' }),
  ];
  if (options.uploadImage) {
    const upload = options.uploadImage;
    extensions.push(
      // Mantine's upload extension: button, paste and drop all insert a
      // placeholder image that becomes the uploaded one. Images sit inside
      // the text (inline), so an option can hold a small figure.
      getUploadImageExtension(TipTapImage.configure({ inline: true, allowBase64: false }), {
        // The image is inserted with a text alternative made from its file
        // name ("circle-radius.png" -> "circle radius"): an image without
        // alt fails axe and says nothing to a screen reader.
        onImageUpload: async (file) => ({
          src: await upload(file),
          alt: altFromFileName(file.name),
        }),
        onImageUploadError: options.onUploadError,
      }),
    );
  }
  return extensions;
}

/** A text alternative from a file's name: no extension, separators as spaces; "Image" when nothing is left. */
export function altFromFileName(name: string): string {
  const words = name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words || 'Image';
}
