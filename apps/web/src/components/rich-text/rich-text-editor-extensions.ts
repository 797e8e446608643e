import { getUploadImageExtension, Link } from '@mantine/tiptap';
import TipTapImage from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { type Extensions, Mark, mergeAttributes } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * What the editor can produce is kept inside the server's sanitiser
 * allowlist (p, br, strong, em, u, s, sub, sup, lists, blockquote, code, pre,
 * a[href], img of our own images, h3/h4): a mark the server would strip
 * would look saved in the editor and vanish on reload. So StarterKit loses
 * its horizontal rule and keeps headings 3 and 4 only; sub- and superscript
 * are two tiny marks of our own (their Tiptap packages are not installed).
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
const SafeLink = Link.configure({
  openOnClick: false,
  autolink: true,
  protocols: ['http', 'https', 'mailto'],
  isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url.trim()),
});

export interface ExtensionOptions {
  placeholder?: string | undefined;
  /** Uploads one image and answers its URL; without it, images can be neither added nor pasted. */
  uploadImage?: ((file: File) => Promise<string>) | undefined;
  onUploadError?: ((file: File, error: unknown) => void) | undefined;
}

export function editorExtensions(options: ExtensionOptions): Extensions {
  const extensions: Extensions = [
    StarterKit.configure({
      heading: { levels: [3, 4] },
      horizontalRule: false,
      link: false,
    }),
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
