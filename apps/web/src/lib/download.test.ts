import { routes } from '@bo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, fileNameFrom } from './download.ts';
import { saveToken } from './token-store.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fileNameFrom', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(
      fileNameFrom(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`),
    ).toBe('résumé.csv');
    expect(fileNameFrom('attachment; filename="report 1.xlsx"')).toBe('report 1.xlsx');
    expect(fileNameFrom(null)).toBeUndefined();
  });
});

describe('downloadFile', () => {
  it('fetches with the bearer and saves the blob under the server name', async () => {
    saveToken({ access: 'acc', refresh: 'ref' });
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('a,b\n', {
          headers: { 'content-disposition': 'attachment; filename="admins.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    // jsdom has no object URLs; these two are all saveBlob needs.
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    // Any route will do for the mechanics; the contract has no download route yet.
    await downloadFile(routes.health);
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer acc');
    expect(clicked).toEqual(['admins.csv']);
  });
});
