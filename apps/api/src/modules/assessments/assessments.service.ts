import {
  type AssessmentKind,
  type AssessmentSettings,
  type AssessmentStatus,
  type SectionInput,
  settingsProblems,
} from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  appSettings,
  assessmentItems,
  assessmentSections,
  assessments,
} from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { assertActivatable } from './assessments.checklist.ts';
import { findAssessment, lockAssessment, readDetail } from './assessments.queries.ts';
import { cleanOptionalRichText } from './assessments.rich-text.ts';
import { syncSections } from './assessments.sections.ts';

/**
 * The header of an assessment: create, change settings and status, clone.
 * The kinds differ only in the columns they own (`Owned`), which their
 * route modules resolve (a practice's node gives its book) before calling.
 */

type Actor = { id: number };
export type Owned = Partial<
  Pick<
    typeof assessments.$inferInsert,
    'bookId' | 'tocNodeId' | 'testCategoryId' | 'gradeId' | 'subjectId' | 'videoId'
  >
>;

const dates = (s: Partial<AssessmentSettings>) => ({
  ...(s.availableFrom !== undefined && {
    availableFrom: s.availableFrom ? new Date(s.availableFrom) : null,
  }),
  ...(s.availableTo !== undefined && {
    availableTo: s.availableTo ? new Date(s.availableTo) : null,
  }),
});

/** The settings as columns: rich text cleaned, dates parsed; absent keys stay absent. */
function settingsColumns(s: Partial<AssessmentSettings>) {
  const { availableFrom: _f, availableTo: _t, instructions, ...rest } = s;
  return {
    ...rest,
    ...dates(s),
    ...(instructions !== undefined && {
      instructions: cleanOptionalRichText(instructions, 'body.instructions'),
    }),
  };
}

export async function createAssessment(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  settings: AssessmentSettings,
  owned: Owned,
  sections: SectionInput[] = [],
) {
  const values: typeof assessments.$inferInsert = {
    kind,
    ...settingsColumns(settings),
    name: settings.name,
    ...owned,
    status: 'draft',
    createdBy: actor.id,
    updatedBy: actor.id,
  };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(assessments).values(values).returning({ id: assessments.id });
    if (sections.length) await syncSections(tx, row!.id, sections, actor);
    return findAssessment(tx, kind, row!.id);
  });
}

/**
 * Any settings, the kind's own columns and the status, in one change. Going
 * active runs the checklist on the assessment as it will be after the
 * change, and refuses with every problem (409) leaving it untouched.
 */
export async function editAssessment(
  deps: Deps,
  kind: AssessmentKind,
  actor: Actor,
  id: number,
  {
    sections,
    ...change
  }: Partial<AssessmentSettings> &
    Owned & { status?: AssessmentStatus | undefined; sections?: SectionInput[] | undefined },
) {
  return deps.db.transaction(async (tx) => {
    const current = await lockAssessment(tx, kind, id);
    if (sections) await syncSections(tx, id, sections, actor);
    assertSettingsHold({ ...current, ...settingsColumns(change) });
    await tx
      .update(assessments)
      .set({ ...settingsColumns(change), updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(assessments.id, id));
    if (change.status === 'active' && current.status !== 'active')
      await assertActivatable(tx, await readDetail(tx, kind, id));
    return findAssessment(tx, kind, id);
  });
}

/**
 * The settings' cross-field rules (the contract's `settingsProblems`) on the
 * assessment as an edit leaves it: an edit that sends one field alone is
 * checked against the others as stored.
 */
function assertSettingsHold(merged: typeof assessments.$inferSelect) {
  const problems = settingsProblems({
    ...merged,
    availableFrom: merged.availableFrom?.toISOString() ?? null,
    availableTo: merged.availableTo?.toISOString() ?? null,
  });
  if (problems.length)
    throw badRequest(
      problems[0]!.message,
      problems.map((p) => ({ path: `body.${p.path.join('.')}`, message: p.message })),
    );
}

/**
 * A deep copy as a draft named "Copy of …": the header, its sections and
 * items, pointing at the same bank questions (no question is copied).
 */
export async function cloneAssessment(deps: Deps, kind: AssessmentKind, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const source = await lockAssessment(tx, kind, id);
    const { id: _id, createdAt: _c, updatedAt: _u, ...header } = source;
    const [copy] = await tx
      .insert(assessments)
      .values({
        ...header,
        name: `Copy of ${source.name}`.slice(0, 200),
        status: 'draft',
        clonedFromId: source.id,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning({ id: assessments.id });
    await copyContent(tx, source.id, copy!.id, actor);
    return findAssessment(tx, kind, copy!.id);
  });
}

async function copyContent(tx: Tx, from: number, to: number, actor: Actor) {
  const sections = await tx
    .select()
    .from(assessmentSections)
    .where(eq(assessmentSections.assessmentId, from));
  const sectionIds = new Map<number, number>();
  for (const { id, createdAt: _c, updatedAt: _u, ...s } of sections) {
    const [made] = await tx
      .insert(assessmentSections)
      .values({ ...s, assessmentId: to, createdBy: actor.id, updatedBy: actor.id })
      .returning({ id: assessmentSections.id });
    sectionIds.set(id, made!.id);
  }
  const items = await tx
    .select()
    .from(assessmentItems)
    .where(eq(assessmentItems.assessmentId, from));
  if (items.length)
    await tx.insert(assessmentItems).values(
      items.map(({ id: _id, createdAt: _c, updatedAt: _u, ...item }) => ({
        ...item,
        assessmentId: to,
        sectionId: item.sectionId == null ? null : sectionIds.get(item.sectionId)!,
        createdBy: actor.id,
        updatedBy: actor.id,
      })),
    );
}

/** The key of the practices' default instructions in `app_settings`. */
const GENERAL_INSTRUCTIONS = 'practice.general_instructions';

export async function getGeneralInstructions(deps: Deps) {
  const [row] = await deps.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, GENERAL_INSTRUCTIONS));
  return { html: row?.value ?? '' };
}

export async function setGeneralInstructions(deps: Deps, actor: Actor, html: string) {
  const value = cleanOptionalRichText(html, 'body.html') ?? '';
  await deps.db
    .insert(appSettings)
    .values({ key: GENERAL_INSTRUCTIONS, value, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value, updatedAt: new Date(), updatedBy: actor.id },
    });
  return { html: value };
}

/**
 * Deletes an assessment that is not active, with its sections and items;
 * the bank's questions stay. An active one answers 409: learners may be
 * taking it, so it is deactivated first, on purpose.
 */
export async function deleteAssessment(deps: Deps, kind: AssessmentKind, id: number) {
  await deps.db.transaction(async (tx) => {
    const a = await lockAssessment(tx, kind, id);
    if (a.status === 'active')
      throw conflict(`"${a.name}" is active: deactivate it before deleting it`);
    await tx.delete(assessments).where(eq(assessments.id, id));
  });
}
