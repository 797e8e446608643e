import {
  MAIL_VARIABLE_NAMES,
  MAIL_VARIABLE_PATTERN,
  type MailVariable,
  variablesIn,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Db, Tx } from '../../db/client.ts';

/** A learner's values for the template variables ('' where the learner has none). */
export type MailValues = Record<MailVariable, string>;

/** The sample learner of a preview: plausible, and obviously not a real person's data. */
export const SAMPLE_VALUES: MailValues = {
  name: 'Asha Sample',
  first_name: 'Asha',
  email: 'asha.sample@example.com',
  phone: '+91 98765 43210',
  grade: 'Grade 8',
  school: 'Green Valley School',
  city: 'Pune',
  state: 'Maharashtra',
};

/** Values may not break a header: every run of white space (CR/LF included) is one space. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

/**
 * The variables a template names that are not learner fields: saving refuses
 * them, and a campaign holding one (saved before that rule) fails whole.
 */
export function unknownVariables(t: Rendered): string[] {
  const names = new Set<string>(MAIL_VARIABLE_NAMES);
  return [...new Set([t.subject, t.html, t.text].flatMap(variablesIn))].filter(
    (v) => !names.has(v),
  );
}

/**
 * Fills `{{variables}}`: escaped in the HTML, as is in the text, on one line
 * in the subject; a learner without the value gets the variable's fallback
 * (`{{first_name | "Learner"}}`), else nothing. A fallback is the template's
 * own text (already cleaned and escaped in the HTML), so it goes in as written.
 * Only the values' own fields count: `{{constructor}}` must never reach
 * Object.prototype's (a function, not a string).
 */
export function render(t: Rendered, values: MailValues): Rendered {
  const fieldValue = (name: string) => {
    const v: unknown = Object.hasOwn(values, name) ? values[name as MailVariable] : '';
    return typeof v === 'string' ? v : '';
  };
  const fill = (s: string, f: (v: string) => string) =>
    s.replace(MAIL_VARIABLE_PATTERN, (_, name: string, fallback: string | undefined) => {
      const value = fieldValue(name);
      return value ? f(value) : (fallback ?? '');
    });
  return {
    subject: oneLine(fill(t.subject, (v) => v)),
    html: fill(t.html, escapeHtml),
    text: fill(t.text, (v) => v),
  };
}

type LearnerRow = {
  id: number | string;
  name: string;
  email: string | null;
  phone: string | null;
  grade: string | null;
  school: string | null;
  city: string | null;
  state: string | null;
};

/** Learners' variable values by id, in one query. */
export async function learnerValues(db: Db | Tx, ids: number[]): Promise<Map<number, MailValues>> {
  if (!ids.length) return new Map();
  const rows = (
    await db.execute<LearnerRow>(sql`select l.id, l.name, l.email, l.phone, g.name as grade, l.school, l.city, l.state
      from learners l left join grades g on g.id = l.grade_id
      where l.id = any(${`{${ids.join(',')}}`}::bigint[])`)
  ).rows;
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        name: r.name,
        first_name: r.name.trim().split(/\s+/)[0] ?? '',
        email: r.email ?? '',
        phone: r.phone ?? '',
        grade: r.grade ?? '',
        school: r.school ?? '',
        city: r.city ?? '',
        state: r.state ?? '',
      },
    ]),
  );
}
