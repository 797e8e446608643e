import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { grades } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { xlsxFile } from '../../lib/file-answer.ts';
import { capitalise, LEVELS, type LevelKey, listLevel } from './curriculum.levels.ts';

/**
 * A parent's subjects, chapters or topics as XLSX, one sheet named after the
 * level: the parent's name, position, the level's own columns around the
 * name (curriculum.levels.ts), then the id.
 */
export async function downloadLevel(db: Db, key: LevelKey, parentId: number) {
  const level = LEVELS[key];
  const parentLabel = capitalise(level.parentName);
  const p = level.parentTable as typeof grades;
  const [parent] = await db.select({ name: p.name }).from(p).where(eq(p.id, parentId));
  if (!parent) throw notFound(parentLabel);
  const { title, parentWidth, before, after } = level.sheet;
  return xlsxFile(`${title} - ${parent.name}.xlsx`, [
    {
      name: title,
      columns: [
        {
          header: parentLabel,
          key: level.parentName,
          width: parentWidth,
          value: () => parent.name,
        },
        { header: 'Position', key: 'position', width: 10 },
        ...before,
        { header: capitalise(level.key), key: 'name', width: 40 },
        ...after,
        { header: 'ID', key: 'id', width: 10 },
      ],
      rows: await listLevel(db, level, { parentId }),
    },
  ]);
}
