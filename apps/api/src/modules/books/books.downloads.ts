import type { bookDownloadQuery } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { xlsxFile } from '../../lib/file-answer.ts';
import { type BookRecord, bookBatch } from './books.queries.ts';

const BATCH = 2000;
/** A download is a catalogue, not a backup: past this, narrow the filters. */
export const DOWNLOAD_MAX_ROWS = 200_000;

/** The list's rows (same search, filters and sort), read in batches as the sheet streams. */
async function* rowsOf(db: Db, q: z.infer<typeof bookDownloadQuery>): AsyncGenerator<BookRecord> {
  for (let offset = 0; offset < DOWNLOAD_MAX_ROWS; offset += BATCH) {
    const batch = await bookBatch(db, q, offset, BATCH);
    yield* batch;
    if (batch.length < BATCH) return;
  }
}

export function downloadBooks(db: Db, q: z.infer<typeof bookDownloadQuery>) {
  return xlsxFile('Books.xlsx', [
    {
      name: 'Books',
      columns: [
        { header: 'ISBN', key: 'isbn', width: 16 },
        { header: 'Title', key: 'title', width: 50 },
        { header: 'Grade', key: 'gradeName', width: 14 },
        { header: 'Subject', key: 'subjectName', width: 20 },
        { header: 'Series', key: 'series', width: 20 },
        { header: 'Edition', key: 'edition', width: 10 },
        { header: 'Language', key: 'language', width: 12 },
        { header: 'Status', key: 'status', width: 10 },
        {
          header: 'Extra ISBNs',
          key: 'extraIsbns',
          width: 30,
          value: (b: BookRecord) => b.extraIsbns.join(', '),
        },
        { header: 'ID', key: 'id', width: 10 },
      ],
      rows: rowsOf(db, q),
    },
  ]);
}
