import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { type Usage, usageMessage } from './usage.ts';

// The counts are the usages' own (their queries run in the module tests on a real
// database); here only the wording of the sentence built from them is checked.
const db = {} as Db;
const usage = (singular: string, plural: string, n: number, where?: string[]): Usage => ({
  singular,
  plural,
  count: async () => n,
  ...(where ? { where: async () => where } : {}),
});

describe('usageMessage', () => {
  it('is null when nothing uses the record', async () => {
    expect(await usageMessage(db, [usage('book', 'books', 0)], 1, 'subject')).toBeNull();
    expect(await usageMessage(db, [], 1, 'subject')).toBeNull();
  });

  it('names one user in the singular, several in the plural', async () => {
    expect(await usageMessage(db, [usage('topic', 'topics', 1)], 1, 'chapter')).toBe(
      '1 topic uses this chapter',
    );
    expect(await usageMessage(db, [usage('chapter', 'chapters', 3)], 1, 'subject')).toBe(
      '3 chapters use this subject',
    );
  });

  it('lists several kinds with "and", leaves out the unused, and says where', async () => {
    const usages = [
      usage('video', 'videos', 2),
      usage('book', 'books', 0),
      usage('audio', 'audios', 1),
      usage('TOC node', 'TOC nodes', 3, ['"Maths 6" › Numbers']),
    ];
    expect(await usageMessage(db, usages, 1, 'chapter')).toBe(
      '2 videos, 1 audio and 3 TOC nodes use this chapter ("Maths 6" › Numbers)',
    );
  });
});
