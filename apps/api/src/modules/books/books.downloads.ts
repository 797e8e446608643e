import type { bookDownloadQuery } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { xlsxFile } from '../../lib/file-answer.ts';
import { exportKeyCells } from '../../lib/import/changes.ts';
import type { SortKey } from '../../lib/list.ts';
import { keysetRows } from '../../lib/xlsx/export.ts';
import { type BookRecord, bookBatch } from './books.queries.ts';

/** A download is a catalogue, not a backup: past this, narrow the filters. */
export const DOWNLOAD_MAX_ROWS = 200_000;

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
        // They make the download come back as updates (lib/import/changes.ts).
        ...exportKeyCells<BookRecord>(),
      ],
      rows: keysetRows(
        (after: SortKey | null, limit) => bookBatch(db, q, after, limit),
        (book) => book.key,
        { pageSize: 2000, maxRows: DOWNLOAD_MAX_ROWS },
      ),
    },
  ]);
}
