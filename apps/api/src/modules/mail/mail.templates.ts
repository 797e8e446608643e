import {
  MAIL_VARIABLE_NAMES,
  MAIL_VARIABLE_PATTERN,
  type MailBlock,
  type MailTemplate,
  mailBlockPlace,
  malformedVariables,
  placeOf,
  type previewTemplateBody,
  type templateBody,
  type templatesQuery,
  variablesIn,
} from '@bo/contract';
import { count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mailTemplates } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { AppError, conflict, notFound, refusal } from '../../lib/errors.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { decodeEntities } from '../../lib/rich-text/entities.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { blocksToHtml } from './mail.blocks.ts';
import { htmlToText, sanitizeMailHtml } from './mail.html.ts';
import { imageWidths } from './mail.image-widths.ts';
import { learnerValues, render, SAMPLE_VALUES } from './mail.render.ts';

type Row = typeof mailTemplates.$inferSelect;

export const templateOf = (r: Row): MailTemplate => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  format: r.format,
  blocks: r.blocks ?? null,
  html: r.html,
  text: r.text,
  variables: r.variables,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A template as stored: HTML sanitised (written by hand, or made from its
 * blocks: mail.blocks.ts), variables checked (every unknown one named in one
 * refusal, with its line or block), the plain-text part made from the HTML.
 * The check reads what is stored, after cleaning: cleaning can join text
 * around a dropped tag (`{{<script>x</script>constructor}}` becomes
 * `{{constructor}}`).
 */
async function prepare(deps: Deps, body: z.infer<typeof previewTemplateBody> & { name: string }) {
  const base = deps.config.publicBaseUrl;
  const blocks = body.format === 'blocks' ? (body.blocks ?? []) : null;
  const made = blocks
    ? await blocksToHtml(blocks, {
        publicBaseUrl: base,
        widths: await imageWidths(deps, blocks),
      })
    : null;
  const clean = sanitizeMailHtml(made ? made.body : (body.html ?? ''), base);
  const text = htmlToText(clean);
  const bodyPlace = blocks ? blockPlace(blocks) : (run: string) => placeOf(body.html ?? '', run);
  const problems = [
    ...variableProblems(body.subject, (run) => placeOf(body.subject, run)).map((p) => ({
      ...p,
      path: 'subject',
    })),
    ...variableProblems(`${clean}\n${text}`, bodyPlace).map((p) => ({
      ...p,
      path: blocks ? 'blocks' : 'html',
    })),
  ];
  if (problems.length)
    throw refusal(
      'unknown_variables',
      `Fix ${problems.length === 1 ? 'a variable' : `${problems.length} variables`} of the template: ${problems.map((p) => p.run).join(', ')}`,
      problems.map(({ path, message }) => ({ path, message })),
    );
  if (!text && !/<img/i.test(clean))
    throw new AppError(400, 'validation_failed', 'The template has no text left once cleaned', [
      { path: 'html', message: 'Write some text: nothing shown remained after cleaning' },
    ]);
  return {
    name: body.name,
    subject: body.subject,
    format: body.format,
    blocks,
    html: made ? `${made.style}\n${clean}` : clean,
    text,
    variables: [...new Set([...variablesIn(body.subject), ...variablesIn(clean)])],
  };
}

/** The first block whose texts hold a run of the made HTML (escaped there): "block 3 (button)". */
function blockPlace(blocks: MailBlock[]) {
  const texts = blocks.map((b) => JSON.stringify(b));
  return (run: string) => {
    const written = JSON.stringify(decodeEntities(run, { nbsp: ' ', badNumber: (w) => w })).slice(
      1,
      -1,
    );
    const at = texts.findIndex((t) => t.includes(written));
    return at < 0 ? null : mailBlockPlace(at, blocks[at]!.type);
  };
}

/**
 * Each unknown or mistyped variable of a field, with its place in what the
 * admin wrote (the check reads what is stored).
 */
function variableProblems(stored: string, placeOfRun: (run: string) => string | null) {
  const known = new Set<string>(MAIL_VARIABLE_NAMES);
  const where = (run: string) => {
    const place = placeOfRun(run);
    return place ? ` (${place})` : '';
  };
  const mistyped = malformedVariables(stored).map((run) => ({
    run,
    message: `${run}${where(run)} is not a variable: write {{first_name}}, or {{first_name | "Learner"}} with a fallback in double quotes.`,
  }));
  const unknown = [...stored.matchAll(MAIL_VARIABLE_PATTERN)]
    .filter((m) => !known.has(m[1]!))
    .map((m) => ({
      run: m[0],
      message: `${m[0]}${where(m[0])} is not a learner field: use one of ${MAIL_VARIABLE_NAMES.join(', ')}.`,
    }));
  // The HTML is checked with its text part: a variable there once is named once.
  const seen = new Set<string>();
  return [...mistyped, ...unknown].filter((p) => !seen.has(p.run) && seen.add(p.run));
}

const nameTaken = (name: string) =>
  conflict(`A template named "${name}" already exists`, [
    { path: 'name', message: 'Another template has this name' },
  ]);

export async function createTemplate(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof templateBody>,
): Promise<MailTemplate> {
  const values = await prepare(deps, body);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailTemplates)
        .values({ ...values, createdBy: actor.id })
        .returning();
      await recordAudit(tx, ctx, {
        action: 'mail_template_created',
        entity: 'mail_template',
        entityId: row!.id,
        after: values,
      });
      return templateOf(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name);
    throw err;
  }
}

export async function editTemplate(
  deps: Deps,
  ctx: RequestContext,
  body: z.infer<typeof templateBody> & { id: number },
): Promise<MailTemplate> {
  const values = await prepare(deps, body);
  try {
    return await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(mailTemplates)
        .where(eq(mailTemplates.id, body.id))
        .for('update');
      if (!before) throw notFound('Template');
      const [row] = await tx
        .update(mailTemplates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(mailTemplates.id, body.id))
        .returning();
      await recordAudit(tx, ctx, {
        action: 'mail_template_edited',
        entity: 'mail_template',
        entityId: body.id,
        before: {
          name: before.name,
          subject: before.subject,
          format: before.format,
          blocks: before.blocks,
          html: before.html,
        },
        after: values,
      });
      return templateOf(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name);
    throw err;
  }
}

export async function getTemplate(deps: Deps, id: number): Promise<MailTemplate> {
  const [row] = await deps.db.select().from(mailTemplates).where(eq(mailTemplates.id, id));
  if (!row) throw notFound('Template');
  return templateOf(row);
}

export function listTemplates(deps: Deps, q: z.infer<typeof templatesQuery>) {
  const where = textSearch(q.q, [mailTemplates.name, mailTemplates.subject]);
  const { html: _h, text: _t, ...summary } = getTableColumns(mailTemplates);
  return listPage(
    q,
    deps.db.select(summary).from(mailTemplates).where(where).$dynamic(),
    sortOrder(
      q,
      { name: mailTemplates.name, updatedAt: mailTemplates.updatedAt },
      'updatedAt',
      mailTemplates.id,
      'desc',
    ),
    deps.db.select({ n: count() }).from(mailTemplates).where(where),
    (r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }),
  );
}

/** The editor's preview: the unsaved subject and HTML as a learner would get them. */
export async function previewTemplate(deps: Deps, body: z.infer<typeof previewTemplateBody>) {
  const { html, text } = await prepare(deps, { name: 'preview', ...body });
  let values = SAMPLE_VALUES;
  let learner: { id: number | null; name: string } = { id: null, name: 'Sample learner' };
  if (body.learnerId) {
    const found = (await learnerValues(deps.db, [body.learnerId])).get(body.learnerId);
    if (!found) throw notFound('Learner');
    values = found;
    learner = { id: body.learnerId, name: found.name };
  }
  return { ...render({ subject: body.subject, html, text }, values), learner };
}

/** Learners to preview with: up to 10 whose name, e-mail or phone holds q. */
export async function searchLearners(deps: Deps, q: string) {
  const rows = (
    await deps.db.execute<{
      id: number | string;
      name: string;
      email: string | null;
    }>(sql`select id, name, email from learners
      where search like '%' || lower(${q.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'
      order by name, id limit 10`)
  ).rows;
  return { items: rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email })) };
}
