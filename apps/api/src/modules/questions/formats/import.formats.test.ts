import { describe, expect, it } from 'vitest';
import { questions } from '../../../db/schema/index.ts';
import { TINY_PNG } from '../../media/media.fixtures.ts';
import { useImportApp } from './import.testing.ts';

/** The text formats (Aiken, GIFT, Moodle XML) told from their content, and hostile files. */

const h = useImportApp();

describe('questionimport: text formats and hostile files', () => {
  it('imports Aiken (the write sample), GIFT and Moodle XML, told from their content', async () => {
    const aiken = await h.send(
      Buffer.from('Largest planet?\nA. Mars\nB. Jupiter\nANSWER: B\n'),
      'dryRun=false',
      'q.txt',
    );
    expect(aiken.statusCode, aiken.body).toBe(200);
    expect(aiken.json()).toMatchObject({ created: 1 });
    const gift = await h.send(
      Buffer.from('::a:: 2+2 {=4 ~5}\n\n::b:: Just a text\n'),
      'dryRun=false',
      'q.gift',
    );
    expect(gift.json()).toMatchObject({
      created: 1,
      warnings: [
        {
          row: 2,
          message: expect.stringMatching(/^Question 2 \(line 3\) has no answer block/),
        },
      ],
    });
    const moodle = `<?xml version="1.0"?><quiz><question type="essay"><questiontext format="html"><text><![CDATA[<p onclick="x()">Why<script>1</script>?</p>]]></text></questiontext><graderinfo format="html"><text>Because</text></graderinfo></question></quiz>`;
    const m = await h.send(Buffer.from(moodle), 'dryRun=false', 'q.xml');
    expect(m.json()).toMatchObject({ created: 1 });
    const rows = await h.t.app.deps.db.select().from(questions).orderBy(questions.id);
    expect(rows.map((r) => r.source)).toEqual(['aiken', 'gift', 'moodle']);
    expect(rows[2]!.stem).toBe('<p>Why?</p>');
    await h.clear();
  });

  it('takes a GIFT file whose text starts with the letters GIF as text, not as an image', async () => {
    const res = await h.send(
      Buffer.from('GIFs loop forever. {T}\n\nBMP files are bitmaps. {T}\n'),
      'dryRun=true',
      'animations.gift',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, valid: 2, errors: [] });
  });

  it('refuses hostile and wrong files with a 4xx {message, code}, importing nothing', async () => {
    const cases: [Buffer, string, number, string][] = [
      [
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><quiz>&b;</quiz>',
        ),
        '',
        400,
        'xml_doctype_refused',
      ],
      [
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE q [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz>&x;</quiz>',
        ),
        '',
        400,
        'xml_doctype_refused',
      ],
      [Buffer.from(`<quiz>${'<a>'.repeat(200_000)}`), '', 400, 'xml_too_deep'],
      [Buffer.from('::a:: broken {=yes ~no'), 'format=gift&', 400, 'import_invalid'],
      [Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10]), '', 415, 'unsupported_media_type'],
      [Buffer.from('plain words, no question here'), '', 400, 'unknown_format'],
      [TINY_PNG, '', 415, 'unsupported_media_type'],
    ];
    for (const [bytes, query, status, code] of cases) {
      const res = await h.send(bytes, `${query}dryRun=false`, 'x');
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ code, message: expect.any(String) });
    }
    expect(await h.count()).toBe(0);
  });
});
