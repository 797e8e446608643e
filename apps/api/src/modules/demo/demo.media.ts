import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chapters, grades, mediaItems, subjects, topics } from '../../db/schema/index.ts';
import { PACKAGE_ROOT } from '../../lib/package-root.ts';
import type { Storage, StoredFile } from '../../lib/storage/storage.ts';
import { readStoredDuration } from '../media/index.ts';
import type { SeedReport } from './seed.ts';

/** The committed clips, by file name without extension (videos: .webm + .webp thumbnail; audios: .ogg). */
export type DemoClip =
  | 'pattern'
  | 'fractal'
  | 'bars'
  | 'gradient'
  | 'twinkle'
  | 'arpeggio'
  | 'counting';

/**
 * Media items: [kind, clip, title, grade, subject, language]. Every item is an
 * uploaded copy of one of the short clips in `apps/api/demo-media` (made by
 * its `make-media.sh`), so each one plays; the clips are generic pictures and
 * tunes, not the lessons the titles name.
 */
export const MEDIA: ['video' | 'audio', DemoClip, string, string, string, string][] = [
  ['video', 'pattern', 'Counting 1 to 10 with Toys', 'LKG', 'Mathematics', 'English'],
  ['video', 'fractal', 'Parts of a Plant', 'Class 3', 'EVS', 'English'],
  ['video', 'bars', 'Place Value Made Easy', 'Class 4', 'Mathematics', 'English'],
  ['video', 'gradient', 'How Light Reflects', 'Class 8', 'Science', 'English'],
  ['video', 'pattern', 'Python Loops in Five Minutes', 'Class 9', 'Computer Science', 'English'],
  ['video', 'fractal', 'स्वर पहचान', 'Nursery', 'Hindi', 'Hindi'],
  ['video', 'bars', "Newton's Laws Explained", 'Class 11', 'Physics', 'English'],
  ['video', 'gradient', 'The Harappan Civilisation Tour', 'Class 6', 'Social Studies', 'English'],
  ['video', 'pattern', 'Solving Linear Equations', 'Class 8', 'Mathematics', 'English'],
  ['video', 'fractal', 'Photosynthesis Step by Step', 'Class 11', 'Biology', 'English'],
  ['video', 'bars', 'Our Constitution: The Preamble', 'Class 7', 'Social Studies', 'Hindi'],
  ['video', 'gradient', 'Introduction to Scratch', 'Class 5', 'Computer Science', 'English'],
  ['audio', 'twinkle', 'Twinkle Twinkle Little Star', 'Nursery', 'English', 'English'],
  ['audio', 'arpeggio', 'मछली जल की रानी', 'LKG', 'Hindi', 'Hindi'],
  ['audio', 'counting', 'Tables of 2 to 5', 'Class 2', 'Mathematics', 'English'],
  ['audio', 'twinkle', 'Pronunciation: Naming Words', 'Class 1', 'English', 'English'],
  ['audio', 'arpeggio', 'A Photograph – Poem Reading', 'Class 11', 'English', 'English'],
  ['audio', 'counting', 'कविता पाठ: फूल और काँटा', 'Class 4', 'Hindi', 'Hindi'],
  ['audio', 'twinkle', 'The Thirsty Crow – Story', 'UKG', 'English', 'English'],
  ['audio', 'arpeggio', 'Demand and Supply – Podcast', 'Class 12', 'Economics', 'English'],
];

const lower = (s: string) => s.toLowerCase();
/** The demo media library: every item an uploaded copy of a committed clip. */
type MediaSpec = (typeof MEDIA)[number];

/** `apps/api/demo-media`, found from the package folder whether running from the sources or the compiled build. */
const CLIPS_DIR = path.join(PACKAGE_ROOT, 'demo-media');
const CLIP_SECONDS = 4;

/** Where the committed clips live; refuses early, by name, when the folder is missing. */
async function clipsDir(): Promise<string> {
  try {
    await access(path.join(CLIPS_DIR, 'make-media.sh'));
    return CLIPS_DIR;
  } catch {
    throw new Error(`The demo media files are missing: expected them in ${CLIPS_DIR}`);
  }
}

interface StoredClip {
  file: StoredFile;
  thumbnail: StoredFile | null;
  duration: number | null;
}

async function storeClip(
  storage: Storage,
  dir: string,
  kind: 'video' | 'audio',
  clip: DemoClip,
): Promise<StoredClip> {
  const put = (name: string, contentType: string) =>
    storage.put(createReadStream(path.join(dir, name)), { contentType });
  const file =
    kind === 'video'
      ? await put(`${clip}.webm`, 'video/webm')
      : await put(`${clip}.ogg`, 'audio/ogg');
  try {
    const thumbnail = kind === 'video' ? await put(`${clip}.webp`, 'image/webp') : null;
    return { file, thumbnail, duration: await readStoredDuration(storage, file) };
  } catch (err) {
    await storage.delete(file.key);
    throw err;
  }
}

/** Every stored key of a clip: the media file and its thumbnail. */
export const clipKeys = (c: StoredClip) => [c.file.key, ...(c.thumbnail ? [c.thumbnail.key] : [])];

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

/** A stored copy of its clip for each item not there yet, before the transaction. */
export async function storeFiles(storage: Storage, todo: MediaSpec[]) {
  const files = new Map<string, StoredClip>();
  if (!todo.length) return files;
  const dir = await clipsDir();
  try {
    for (const [kind, clip, title] of todo)
      files.set(title, await storeClip(storage, dir, kind, clip));
  } catch (err) {
    await Promise.all([...files.values()].flatMap(clipKeys).map((k) => storage.delete(k)));
    throw err;
  }
  return files;
}

export async function seedMedia(
  tx: Tx,
  files: Map<string, StoredClip>,
  used: Set<string>,
  report: SeedReport,
) {
  const present = await existingMediaTitles(tx);
  for (const [kind, clip, title, grade, subject, language] of MEDIA) {
    if (present.has(title)) continue;
    const upload = files.get(title);
    if (!upload) continue; // appeared meanwhile; its file is dropped
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
      source: 'upload',
      url: null,
      fileKey: upload.file.key,
      fileMime: upload.file.contentType,
      fileSize: upload.file.size,
      fileSha256: upload.file.sha256,
      fileName: `${slug || clip}.${kind === 'video' ? 'webm' : 'ogg'}`,
      thumbnailKey: upload.thumbnail?.key ?? null,
      // WebM and Ogg carry no duration header the reader knows: the clips' length is known.
      durationSeconds: upload.duration ?? CLIP_SECONDS,
      language,
      gradeId: tag?.gradeId ?? null,
      subjectId: tag?.subjectId ?? null,
      chapterId: tag?.chapterId ?? null,
      topicId: tag?.topicId ?? null,
      status: report.media % 9 === 8 ? 'inactive' : 'active',
    });
    for (const key of clipKeys(upload)) used.add(key);
    report.media++;
  }
}
