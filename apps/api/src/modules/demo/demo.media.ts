import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chapters, grades, mediaItems, subjects, topics } from '../../db/schema/index.ts';
import type { Storage, StoredFile } from '../../lib/storage/storage.ts';
import { readStoredDuration } from '../media/media.files.ts';
import { tinyMp4, tinyWav } from '../media/media.fixtures.ts';
import { MEDIA } from './demo.data.ts';

import type { SeedReport } from './seed.ts';

const lower = (s: string) => s.toLowerCase();
/** The demo media library: short generated videos and audios, and linked items. */
type MediaSpec = (typeof MEDIA)[number];

export async function existingMediaTitles(db: Db | Tx): Promise<Set<string>> {
  const rows = await db
    .select({ title: mediaItems.title })
    .from(mediaItems)
    .where(
      inArray(
        mediaItems.title,
        MEDIA.map((m) => m[2]),
      ),
    );
  return new Set(rows.map((r) => r.title));
}

/** Generated files for the uploaded items not there yet, stored before the transaction. */
export async function storeFiles(storage: Storage, todo: MediaSpec[]) {
  const files = new Map<string, { file: StoredFile; duration: number | null }>();
  try {
    for (const [kind, source, title, , , seconds] of todo) {
      if (source !== 'upload') continue;
      const body = kind === 'video' ? tinyMp4(seconds) : tinyWav(seconds);
      const file = await storage.put(Readable.from([body]), {
        contentType: kind === 'video' ? 'video/mp4' : 'audio/wav',
      });
      files.set(title, { file, duration: await readStoredDuration(storage, file) });
    }
  } catch (err) {
    await Promise.all([...files.values()].map((f) => storage.delete(f.file.key)));
    throw err;
  }
  return files;
}

export async function seedMedia(
  tx: Tx,
  files: Map<string, { file: StoredFile; duration: number | null }>,
  used: Set<string>,
  report: SeedReport,
) {
  const present = await existingMediaTitles(tx);
  for (const [kind, source, title, grade, subject, seconds, language] of MEDIA) {
    if (present.has(title)) continue;
    const upload = source === 'upload' ? files.get(title) : undefined;
    if (source === 'upload' && !upload) continue; // appeared meanwhile; its file is dropped
    // Tags: the grade's subject, its first chapter and that chapter's first topic.
    const [tag] = await tx
      .select({
        gradeId: grades.id,
        subjectId: subjects.id,
        chapterId: chapters.id,
        topicId: topics.id,
      })
      .from(subjects)
      .innerJoin(grades, eq(grades.id, subjects.gradeId))
      .innerJoin(chapters, eq(chapters.subjectId, subjects.id))
      .innerJoin(topics, eq(topics.chapterId, chapters.id))
      .where(
        and(
          sql`lower(${grades.name}) = ${lower(grade)}`,
          sql`lower(${subjects.name}) = ${lower(subject)}`,
        ),
      )
      .orderBy(asc(chapters.position), asc(topics.position))
      .limit(1);
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    await tx.insert(mediaItems).values({
      kind,
      title,
      description: `${kind === 'video' ? 'A short lesson' : 'A listening track'} for ${grade} ${subject}.`,
      source,
      url:
        source === 'url'
          ? `https://example.com/demo/${kind}s/${slug || report.media + 1}.${kind === 'video' ? 'mp4' : 'mp3'}`
          : null,
      fileKey: upload?.file.key ?? null,
      fileMime: upload?.file.contentType ?? null,
      fileSize: upload?.file.size ?? null,
      fileSha256: upload?.file.sha256 ?? null,
      fileName: upload ? `${slug || 'demo'}.${kind === 'video' ? 'mp4' : 'wav'}` : null,
      durationSeconds: upload ? upload.duration : seconds,
      language,
      gradeId: tag?.gradeId ?? null,
      subjectId: tag?.subjectId ?? null,
      chapterId: tag?.chapterId ?? null,
      topicId: tag?.topicId ?? null,
      status: report.media % 9 === 8 ? 'inactive' : 'active',
    });
    if (upload) used.add(upload.file.key);
    report.media++;
  }
}
