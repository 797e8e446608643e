import { z } from 'zod';
import { textSchema, webAddressSchema } from './common.ts';

/**
 * A template written as blocks (docs/domain.md, Mail): the server turns them
 * into responsive e-mail HTML with MJML (docs/decisions.md) and checks that
 * HTML as it checks raw HTML. Every text is plain text (the text rule, line
 * breaks where it says so) and may name `{{variables}}`.
 */

export const MAIL_FORMATS = ['html', 'blocks'] as const;
export type MailFormat = (typeof MAIL_FORMATS)[number];

/** An image key as `/mail/uploademailerimage` answered it. */
export const mailImageKeySchema = textSchema({ max: 80 }).regex(
  /^[a-z0-9-]+\.(png|jpg|webp|gif)$/,
  'Not an image key: upload the image',
);

/** Only http(s): a button must not run `javascript:`. */
const linkSchema = webAddressSchema;

const headingBlock = z.object({
  type: z.literal('heading'),
  text: textSchema({ min: 1, max: 200 }),
});
const textBlock = z.object({
  type: z.literal('text'),
  text: textSchema({ min: 1, max: 5000, multiline: true }),
});
const imageBlock = z.object({
  type: z.literal('image'),
  key: mailImageKeySchema,
  /** Said by screen readers and shown when images are off. */
  alt: textSchema({ max: 200 }),
});
const buttonBlock = z.object({
  type: z.literal('button'),
  label: textSchema({ min: 1, max: 80 }),
  url: linkSchema,
});
const dividerBlock = z.object({ type: z.literal('divider') });

/** What a column of a two-column block holds. */
export const mailColumnItemSchema = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  buttonBlock,
]);
const columnSchema = z
  .array(mailColumnItemSchema)
  .min(1, 'Put something in each column')
  .max(5, 'At most 5 items in a column');
const columnsBlock = z.object({
  type: z.literal('columns'),
  left: columnSchema,
  right: columnSchema,
});
/** The last block: a short text and the link that unsubscribes the learner. */
const footerBlock = z.object({
  type: z.literal('footer'),
  text: textSchema({ max: 500, multiline: true }),
});

export const mailBlockSchema = z.discriminatedUnion('type', [
  headingBlock,
  textBlock,
  imageBlock,
  buttonBlock,
  dividerBlock,
  columnsBlock,
  footerBlock,
]);
export type MailBlock = z.infer<typeof mailBlockSchema>;
export type MailBlockType = MailBlock['type'];
export type MailColumnItem = z.infer<typeof mailColumnItemSchema>;

/** How a block is named to people: "block 3 (button)". */
export const MAIL_BLOCK_LABELS: Record<MailBlockType, string> = {
  heading: 'heading',
  text: 'text',
  image: 'image',
  button: 'button',
  divider: 'divider',
  columns: 'two columns',
  footer: 'footer',
};
export const mailBlockPlace = (index: number, type: MailBlockType) =>
  `block ${index + 1} (${MAIL_BLOCK_LABELS[type]})`;

const columnPlace = (path: PropertyKey[]) =>
  (path[0] === 'left' || path[0] === 'right') && typeof path[1] === 'number'
    ? `, ${path[0]} column item ${path[1] + 1}`
    : '';

/**
 * The blocks, each checked on its own so that a refusal says where in words
 * ("block 3 (button): Enter an http(s) address"), then parsed to their shape.
 */
export const mailBlocksSchema = z
  .array(z.unknown())
  .min(1, 'Add at least one block')
  .max(50, 'At most 50 blocks')
  .superRefine((items, ctx) => {
    items.forEach((item, i) => {
      const parsed = mailBlockSchema.safeParse(item);
      if (parsed.success) return;
      const type = (item as { type?: unknown } | null)?.type;
      const place = Object.hasOwn(MAIL_BLOCK_LABELS, String(type))
        ? mailBlockPlace(i, type as MailBlockType)
        : `block ${i + 1}`;
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: 'custom',
          path: [i, ...issue.path],
          message: `${place}${columnPlace(issue.path)}: ${issue.message}`,
        });
    });
  })
  .pipe(z.array(mailBlockSchema))
  .superRefine((blocks, ctx) => {
    blocks.forEach((b, i) => {
      if (b.type === 'footer' && i !== blocks.length - 1)
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `${mailBlockPlace(i, b.type)}: the footer must be the last block`,
        });
    });
  });
