import { describe, expect, it } from 'vitest';
import { questions } from '../../../db/schema/index.ts';
import { useImportApp } from './import.testing.ts';

/**
 * Text files in the encodings editors save: UTF-8 with or without its mark
 * and UTF-16 (LE and BE) with its mark are read, the same question each
 * time; any other encoding is a 400 `not_utf8` that names what the file
 * looks like (a windows-1252 file was a 415 "not a known binary format").
 */

const h = useImportApp();

const GIFT = '::Café:: Which city is the Café de Flore in? {=Paris ~Lyon}\n';
const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz><question type="truefalse"><questiontext format="html"><text>Crème brûlée is French — vrai?</text></questiontext>
<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
const AIKEN = 'Où est la Tour Eiffel ?\nA. Paris\nB. Genève\nANSWER: A\n';

const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();
const encodings: [string, (s: string) => Buffer][] = [
  ['UTF-8', (s) => Buffer.from(s)],
  ['UTF-8 with BOM', (s) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s)])],
  [
    'UTF-16 LE with BOM',
    (s) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]),
  ],
  ['UTF-16 BE with BOM', (s) => Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(s)])],
];

describe('questionimport: encodings', () => {
  for (const [name, encode] of encodings) {
    it(`reads GIFT, Moodle XML and Aiken saved as ${name}`, async () => {
      for (const [text, file, stem] of [
        [GIFT, 'q.gift', 'Which city is the Café de Flore in?'],
        [MOODLE, 'q.xml', 'Crème brûlée is French — vrai?'],
        [AIKEN, 'q.txt', 'Où est la Tour Eiffel ?'],
      ] as const) {
        const res = await h.send(encode(text), 'dryRun=false', file);
        expect(res.statusCode, `${file}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ rows: 1, valid: 1, created: 1, errors: [] });
        const [q] = await h.t.app.deps.db.select().from(questions);
        expect(q!.stem, file).toContain(stem);
        await h.clear();
      }
    });
  }

  it('refuses windows-1252 and UTF-16 without its mark with 400 not_utf8 naming the encoding', async () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.from(GIFT, 'latin1'), /windows-1252/],
      [Buffer.from(MOODLE.replace('—', '-'), 'latin1'), /windows-1252/],
      [Buffer.from(AIKEN, 'latin1'), /windows-1252/],
      // A GIFT file whose first word is GIF: still text, not an image.
      [Buffer.from(`GIF animations: ${GIFT}`, 'latin1'), /windows-1252/],
      [Buffer.from(AIKEN, 'utf16le'), /UTF-16 LE without a byte-order mark/],
    ];
    for (const [bytes, looksLike] of cases) {
      const res = await h.send(bytes, 'dryRun=true', 'q.txt');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'not_utf8',
        message: expect.stringMatching(/^The file is not UTF-8 text: it looks like /),
      });
      expect(res.json().message).toMatch(looksLike);
    }
    expect(await h.count()).toBe(0);
  });
});
