import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { multipart } from '../toc/toc.fixtures.ts';
import { useCampaignTestApp } from './mail.testing.ts';

/**
 * A blocks template draws each image at its own pixel width (read from the
 * stored file by image-size), never stretched past it, and never past its
 * column: files made by ffmpeg (fixtures/README.md) in PNG, JPEG, WebP and
 * GIF.
 */
const w = useCampaignTestApp({ MAILER_RATE_PER_SECOND: '0' });

async function upload(name: string) {
  const bytes = readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  const up = await w.t.as(w.token, {
    method: 'POST',
    url: '/api/mail/uploademailerimage',
    ...(await multipart(bytes, name, {})),
  });
  expect(up.statusCode, up.body).toBe(200);
  return up.json() as { url: string; key: string };
}

/** The width MJML gave the <img> of this address. */
const widthOf = (html: string, url: string) =>
  new RegExp(`<img[^>]*src="${url.replace(/[.?]/g, '\\$&')}"[^>]*>`)
    .exec(html)?.[0]
    .match(/\bwidth="(\d+)"/)?.[1];

describe('images in a blocks template', () => {
  it('keep their own width, up to the column', async () => {
    const [logo, banner, badge, icon] = await Promise.all(
      ['logo-160.png', 'banner-1200.jpg', 'badge-200.webp', 'icon-90.gif'].map(upload),
    );
    const res = await w.post('/mail/previewtemplate', {
      subject: 'Widths',
      format: 'blocks',
      blocks: [
        { type: 'image', key: logo!.key, alt: 'Logo' },
        { type: 'image', key: banner!.key, alt: 'Banner' },
        {
          type: 'columns',
          left: [{ type: 'image', key: badge!.key, alt: 'Badge' }],
          right: [{ type: 'image', key: icon!.key, alt: 'Icon' }],
        },
        { type: 'footer', text: 'Green Valley Books' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { html } = res.json() as { html: string };
    expect(widthOf(html, logo!.url)).toBe('160');
    // 600 px less the block's 24 px on each side.
    expect(widthOf(html, banner!.url)).toBe('552');
    expect(widthOf(html, icon!.url)).toBe('90');
    // A half column is 300 px less its padding: the 200 px badge fits.
    expect(widthOf(html, badge!.url)).toBe('200');
  });
});
