import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Columns every table has (docs/domain.md, The model). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const timestamps = () => ({
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
export const actorColumns = () => ({
  createdBy: bigint('created_by', { mode: 'number' }),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});
/** Marks are quarter steps: numeric keeps them exact, read back as numbers (questions, assessments). */
export const marks = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });
