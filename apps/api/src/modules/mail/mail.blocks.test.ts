import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../test/smtp-receiver.ts';
import { TINY_PNG } from '../media/media.fixtures.ts';
import { multipart } from '../toc/toc.fixtures.ts';
import { seedLearners, useCampaignTestApp } from './mail.testing.ts';

/**
 * Templates written as blocks (mail.blocks.ts): saved with their blocks, bad
 * blocks refused in words with their place, the HTML MJML makes says what
 * the blocks say, and a campaign's mail arrives at a real SMTP receiver with
 * the button's link and the learner's own unsubscribe link in the footer.
 */
const w = useCampaignTestApp({ MAILER_RATE_PER_SECOND: '0' });

const LINK = 'https://books.example.com/new?term=2&grade=8';

async function uploadImage() {
  const up = await w.t.as(w.token, {
    method: 'POST',
    url: '/api/mail/uploademailerimage',
    ...(await multipart(TINY_PNG, 'cover.png', {})),
  });
  expect(up.statusCode, up.body).toBe(200);
  return up.json() as { url: string; key: string };
}

const blocksOf = (key: string) => [
  { type: 'heading', text: 'New books for {{grade | "your grade"}}' },
  { type: 'text', text: 'Dear {{first_name | "Learner"}},\nthe term <starts> soon.' },
  { type: 'image', key, alt: 'The new covers' },
  { type: 'button', label: 'See the books', url: LINK },
  { type: 'divider' },
  {
    type: 'columns',
    left: [{ type: 'text', text: 'Maths & science' }],
    right: [{ type: 'button', label: 'Order', url: 'https://books.example.com/order' }],
  },
  { type: 'footer', text: 'Green Valley Books, Pune' },
];

describe('a blocks template', () => {
  it('is saved with its blocks, and its HTML says what the blocks say', async () => {
    const image = await uploadImage();
    const res = await w.post('/mail/createtemplate', {
      name: `Blocks ${randomUUID()}`,
      subject: 'News for {{first_name}}',
      format: 'blocks',
      blocks: blocksOf(image.key),
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.format).toBe('blocks');
    expect(saved.blocks).toHaveLength(7);
    expect(saved.blocks[1]).toEqual({
      type: 'text',
      text: 'Dear {{first_name | "Learner"}},\nthe term <starts> soon.',
    });
    expect(saved.variables).toEqual(['first_name', 'grade']);
    const html: string = saved.html;
    expect(html).toContain('New books for {{grade | "your grade"}}');
    // The admin's text is text: escaped, its line break kept.
    expect(html).toContain('Dear {{first_name | "Learner"}},<br />the term &lt;starts&gt; soon.');
    expect(html).toContain(`src="${image.url}"`);
    expect(html).toContain('alt="The new covers"');
    expect(html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(html).toMatch(/>\s*See the books\s*</);
    expect(html).toContain('Maths &amp; science');
    // Two columns side by side above 480 px, stacked below: MJML's rule is kept.
    expect(html).toMatch(/<style>@media only screen and \(min-width:480px\)[^<]*mj-column-per-50/);
    expect(html).toContain('class="mj-column-per-50');
    expect(html).not.toMatch(/<script|<!--|fonts\.googleapis/);
    expect(saved.text).toContain('See the books (https://books.example.com/new?term=2&grade=8)');
    // The list and the template answer it with its format and blocks; raw HTML ones say html.
    const one = (await w.get(`/mail/template?id=${saved.id}`)).json();
    expect(one).toMatchObject({ format: 'blocks', blocks: saved.blocks });
    const raw = await w.post('/mail/createtemplate', {
      name: `Raw ${randomUUID()}`,
      subject: 'Raw',
      html: '<p>Hand written</p>',
    });
    expect(raw.json()).toMatchObject({ format: 'html', blocks: null, html: '<p>Hand written</p>' });
    const list = (await w.get('/mail/listoftemplates?pageSize=100')).json();
    const listed = list.items.find((i: { id: number }) => i.id === saved.id);
    expect(listed).toMatchObject({ format: 'blocks', blocks: saved.blocks });
    // The preview takes unsaved blocks and fills them.
    const preview = await w.post('/mail/previewtemplate', {
      subject: 'Hi {{first_name}}',
      format: 'blocks',
      blocks: blocksOf(image.key),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain('Dear Asha,<br />the term');
  });

  it('refuses bad blocks in words, with the place of each', async () => {
    const bad = await w.post('/mail/createtemplate', {
      name: `Bad ${randomUUID()}`,
      subject: 'Bad',
      format: 'blocks',
      blocks: [
        { type: 'heading', text: ' ' },
        { type: 'button', label: 'Go', url: 'javascript:alert(1)' },
        { type: 'columns', left: [{ type: 'image', key: '../etc/passwd', alt: '' }], right: [] },
        { type: 'footer', text: '' },
        { type: 'video', url: 'https://x.test' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const details = bad.json().details.map((d: { message: string }) => d.message);
    expect(details).toEqual([
      'block 1 (heading): Required',
      'block 2 (button): Enter an http(s) address',
      'block 3 (two columns), left column item 1: Not an image key: upload the image',
      'block 3 (two columns): Put something in each column',
      expect.stringMatching(/^block 5: /),
    ]);
    const notLast = await w.post('/mail/createtemplate', {
      name: `Footer ${randomUUID()}`,
      subject: 'Footer',
      format: 'blocks',
      blocks: [
        { type: 'footer', text: '' },
        { type: 'text', text: 'After the footer' },
      ],
    });
    expect(notLast.json().details[0].message).toBe(
      'block 1 (footer): the footer must be the last block',
    );
    const none = await w.post('/mail/createtemplate', {
      name: `None ${randomUUID()}`,
      subject: 'None',
      format: 'blocks',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0]).toEqual({
      path: 'body.blocks',
      message: 'Add at least one block',
    });
  });

  it('refuses an unknown variable at save, naming its block', async () => {
    const res = await w.post('/mail/createtemplate', {
      name: `Unknown ${randomUUID()}`,
      subject: 'Hi',
      format: 'blocks',
      blocks: [
        { type: 'text', text: 'Hello {{first_name}}' },
        { type: 'divider' },
        { type: 'button', label: 'Score {{score}}', url: 'https://x.example.com' },
        {
          type: 'columns',
          left: [{ type: 'text', text: 'a' }],
          right: [{ type: 'text', text: 'Hi {{ name | Learner }}' }],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unknown_variables');
    expect(res.json().details).toEqual([
      {
        path: 'blocks',
        message: expect.stringMatching(
          /^\{\{ name \| Learner \}\} \(block 4 \(two columns\)\) is not a variable/,
        ),
      },
      {
        path: 'blocks',
        message: expect.stringMatching(
          /^\{\{score\}\} \(block 3 \(button\)\) is not a learner field/,
        ),
      },
    ]);
  });

  it("arrives at the SMTP receiver with its button's link and the learner's unsubscribe link", async () => {
    const image = await uploadImage();
    const [id] = await seedLearners(w.t.app.deps.db, 1, 'blocks');
    const tpl = await w.post('/mail/createtemplate', {
      name: `Sent ${randomUUID()}`,
      subject: 'News for {{first_name}}',
      format: 'blocks',
      blocks: blocksOf(image.key),
    });
    expect(tpl.statusCode, tpl.body).toBe(200);
    const sent = await w.post('/mail/sendmailer', {
      templateId: tpl.json().id,
      audience: { kind: 'list', entries: [String(id)] },
      idempotencyKey: randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await w.smtp.waitForTotal(1);
    const raw = w.smtp.raws.find((r) => r.includes('To: blocks-1@example.test'));
    expect(raw).toBeDefined();
    const mail = decodeQuotedPrintable(raw!);
    expect(mail).toContain('Subject: News for blocks');
    expect(mail).toContain('Dear blocks,<br />the term &lt;starts&gt; soon.');
    expect(mail).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    const unsubscribe = /href="(https?:\/\/[^"]+\/unsubscribe\/[^"]+)"[^>]*>Unsubscribe</.exec(
      mail,
    )?.[1];
    expect(unsubscribe, "the footer links to the learner's unsubscribe page").toBeDefined();
    expect(mail.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(mail).not.toContain('unsubscribe.invalid');
    // One unsubscribe link: the footer's, not ours appended after it.
    expect(mail.match(/>Unsubscribe</g)).toHaveLength(1);
    const page = await w.t.app.inject({ method: 'GET', url: new URL(unsubscribe!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop receiving mailers');
    // Tracked, the button goes through the click redirect; the footer's unsubscribe link never does.
    const [other] = await seedLearners(w.t.app.deps.db, 1, 'tracked');
    const tracked = await w.post('/mail/sendmailer', {
      templateId: tpl.json().id,
      audience: { kind: 'list', entries: [String(other)] },
      idempotencyKey: randomUUID(),
      track: true,
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    await w.smtp.waitForTotal(2);
    const trackedMail = decodeQuotedPrintable(
      w.smtp.raws.find((r) => r.includes('To: tracked-1@example.test'))!,
    );
    expect(trackedMail).not.toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(trackedMail).toMatch(/href="https?:\/\/[^"]+\/m\/c\/[^"]+"[^>]*>\s*See the books/);
    expect(trackedMail).toMatch(/href="https?:\/\/[^"]+\/unsubscribe\/[^"]+"[^>]*>Unsubscribe</);
    expect(trackedMail.match(/>Unsubscribe</g)).toHaveLength(1);
  });

  it("a test send's footer link leads to a page saying it was a test", async () => {
    const image = await uploadImage();
    const res = await w.post('/mail/testsendtemplate', {
      subject: 'Blocks test',
      format: 'blocks',
      blocks: blocksOf(image.key),
      to: ['tester@example.test'],
    });
    expect(res.statusCode, res.body).toBe(200);
    // A test goes as a system mail (the app's own receiver), not through the campaign's.
    const mail = (await w.t.smtp.waitFor((m) => m.to.includes('tester@example.test'))).body;
    expect(mail).not.toContain('unsubscribe.invalid');
    const link = /href="(https?:\/\/[^"]+\/unsubscribe\/[^"]+)"[^>]*>Unsubscribe</.exec(mail)?.[1];
    expect(link).toMatch(/\/unsubscribe\/test-send$/);
    const page = await w.t.app.inject({ method: 'GET', url: new URL(link!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This was a test mail');
  });
});
