import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { privateHostReason, qrAddress } from './qr-codes.address.ts';
import { decodePdf } from './qr-codes.pdf.testing.ts';
import { bookCodes, generate, get, post, useQrTestApp } from './qr-codes.testing.ts';

/**
 * Paper cannot be fixed: codes that would open an address phones cannot
 * reach are refused (naming PUBLIC_BASE_URL), unless QR_LOCAL_TRIAL says this
 * is a trial, and then every printed page says so.
 */

describe('which hosts are public', () => {
  it('refuses loopback, private and local names; accepts public ones', () => {
    for (const host of [
      'localhost',
      'LOCALHOST.',
      'app.localhost',
      '127.0.0.1',
      '127.8.9.10',
      '[::1]',
      '[::]',
      '[::ffff:7f00:1]',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.20',
      '169.254.10.1',
      '100.64.0.1',
      '0.0.0.0',
      '[fd12:3456::1]',
      '[fe80::1]',
      'printer.local',
      'backoffice.internal',
      'backoffice',
    ])
      expect(privateHostReason(host), host).not.toBeNull();
    for (const host of [
      'books.example.com',
      'backoffice.example.test',
      '8.8.8.8',
      '172.32.0.1',
      '11.0.0.1',
      '[2001:4860:4860::8888]',
      'localhost.example.com',
    ])
      expect(privateHostReason(host), host).toBeNull();
  });

  it('with PUBLIC_BASE_URL unset, codes would open localhost: refused, naming PUBLIC_BASE_URL', () => {
    const config = loadConfig({ PORT: '3123', JWT_SECRET: 'x'.repeat(40) });
    const address = qrAddress(config);
    expect(address.base).toBe('http://localhost:3123/q/');
    expect(address).toMatchObject({ local: true, trial: false });
    expect(address.problem).toContain('PUBLIC_BASE_URL');
    expect(address.problem).toContain('QR_LOCAL_TRIAL=true');
    const trial = qrAddress(
      loadConfig({ PORT: '3123', JWT_SECRET: 'x'.repeat(40), QR_LOCAL_TRIAL: 'true' }),
    );
    expect(trial).toMatchObject({ local: true, trial: true, problem: null });
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), QR_LOCAL_TRIAL: 'yes' })).toThrow(
      /QR_LOCAL_TRIAL/,
    );
  });
});

describe('a private PUBLIC_BASE_URL without the trial setting', () => {
  const w = useQrTestApp({ PUBLIC_BASE_URL: 'http://192.168.1.20:3000' });

  it('refuses to generate or print codes with 409 naming PUBLIC_BASE_URL; says why beforehand', async () => {
    const address = (await get(w, '/book/qrcodeaddress')).json();
    expect(address).toMatchObject({
      base: 'http://192.168.1.20:3000/q/',
      local: true,
      trial: false,
    });
    expect(address.problem).toContain('PUBLIC_BASE_URL');
    const refusals = [
      await post(w, '/book/generateqrcode', { mode: 'spare', bookId: w.bookId, count: 2 }),
      await post(w, '/book/generateqrcode', { mode: 'nodes', bookId: w.bookId }),
      await get(w, `/book/printaspdf?bookId=${w.bookId}`),
      await get(w, '/book/printvideoqrpdf'),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'qr_address_not_public' });
      expect(res.json().message).toContain('PUBLIC_BASE_URL');
      expect(res.json().message).toContain('http://192.168.1.20:3000/q/');
    }
    const video = await post(w, '/media/addvideo', {
      source: 'url',
      url: 'https://cdn.example.test/v.mp4',
      title: 'Rivers',
    });
    const videoCode = await post(w, '/book/videoqrcode', { videoId: video.json().id });
    expect(videoCode.statusCode).toBe(409);
    expect(videoCode.json().code).toBe('qr_address_not_public');
    expect(await bookCodes(w, w.bookId)).toEqual([]);
  });
});

describe('a local trial (QR_LOCAL_TRIAL=true)', () => {
  const w = useQrTestApp({ PUBLIC_BASE_URL: 'http://localhost:3000', QR_LOCAL_TRIAL: 'true' });

  it('makes and prints codes; every page of the PDF says "TRIAL - not for print"', async () => {
    expect((await get(w, '/book/qrcodeaddress')).json()).toEqual({
      base: 'http://localhost:3000/q/',
      local: true,
      trial: true,
      problem: null,
    });
    await generate(w, { mode: 'nodes', bookId: w.bookId });
    await generate(w, { mode: 'spare', bookId: w.bookId, count: 20 });
    const codes = await bookCodes(w, w.bookId);
    expect(codes).toHaveLength(23);
    const res = await get(w, `/book/printaspdf?bookId=${w.bookId}&layout=21`);
    expect(res.statusCode).toBe(200);
    const { pages, texts, pageTexts } = decodePdf(res.rawPayload, '21');
    expect(pages).toBe(2);
    expect(texts.sort()).toEqual(codes.map((c) => `http://localhost:3000/q/${c.code}`).sort());
    for (const text of pageTexts) {
      expect(text.match(/TRIAL - not for print/g)).toHaveLength(2);
      expect(text).toContain('Each code opens http://localhost:3000/q/<code>');
    }
  }, 60_000);
});
