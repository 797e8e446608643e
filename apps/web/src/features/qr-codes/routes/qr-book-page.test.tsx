import type { QrCode, Toc, TocNode } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { codesToMake } from '../components/generate-all-dialog.tsx';
import { QrBookPage } from './qr-book-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const book = { id: 8, isbn: '9780306406157', title: 'Computer Basics' };

const node = (id: number, title: string) =>
  ({
    id,
    parentId: null,
    kind: 'chapter',
    title,
    chapterId: null,
    topicId: null,
    position: 0,
    isFree: false,
    status: 'active',
    contentCount: 0,
    children: [],
  }) as TocNode;

const toc: Toc = {
  book,
  nodeCount: 3,
  nodes: [node(1, 'Rivers'), node(2, 'Mountains'), node(3, 'Deserts')],
};

const code: QrCode = {
  id: 50,
  code: 'V6UU74',
  url: 'https://example.com/q/V6UU74',
  bookId: 8,
  bookIsbn: book.isbn,
  bookTitle: book.title,
  targetKind: 'toc_node',
  targetId: 1,
  targetLabel: 'Rivers',
  hasContent: false,
  enabled: true,
  scans: 0,
  lastScanAt: null,
  batchId: 1,
  createdAt: '2026-01-01T00:00:00Z',
};

const codesPage = { items: [code], total: 1, page: 1, pageSize: 50, book };

const renderAt = (url: string) =>
  renderRoutes([{ path: '/qr-codes/:bookId', Component: QrBookPage }], url);

afterEach(() => vi.unstubAllGlobals());

describe('codesToMake', () => {
  it('counts the TOC nodes without a code, when every code is known', () => {
    expect(codesToMake([1, 2, 3], new Set([1]), true)).toBe(2);
    expect(codesToMake([1], new Set([1]), true)).toBe(0);
    expect(codesToMake([1, 2, 3], new Set([1]), false)).toBeNull();
    expect(codesToMake(undefined, new Set(), true)).toBeNull();
  });
});

describe('QrBookPage', () => {
  it('shows "Book not found" for an address that names no book, asking nothing', async () => {
    const fetch = vi.fn(async () => json({}, 500));
    vi.stubGlobal('fetch', fetch);
    renderAt('/qr-codes/abc');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows "Book not found" when the API does not know the book', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Book not found', code: 'not_found' }, 404)),
    );
    renderAt('/qr-codes/99999');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the book, and asks before generating a code for every node', {
    timeout: 20_000,
  }, async () => {
    const posts: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push([url, JSON.parse(String(init.body))]);
        if (url.startsWith('/api/book/getgenerateqrcodes')) return json(codesPage);
        if (url.startsWith('/api/book/gettocbyisbn')) return json(toc);
        if (url === '/api/book/qrcodeaddress')
          return json({
            base: 'https://books.example.test/q/',
            local: false,
            trial: false,
            problem: null,
          });
        if (url === '/api/book/generateqrcode')
          return json({ batchId: 2, created: 2, skipped: 0, jobId: null });
        return json({ message: 'unexpected', code: 'x' }, 500);
      }),
    );
    renderAt('/qr-codes/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Computer Basics' })).toBeTruthy();
    expect(screen.getByTestId('qr-book-isbn').textContent).toBe(`ISBN ${book.isbn}`);

    fireEvent.click(screen.getByRole('button', { name: 'Generate for all nodes' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(
      '2 codes will be made, one for each TOC node that has none yet.',
    );
    expect(within(dialog).getByText(/cannot be taken back/)).toBeTruthy();
    // What the codes will open, before any is made.
    expect((await within(dialog).findByTestId('qr-address')).textContent).toBe(
      'Each code opens https://books.example.test/q/<code>',
    );
    expect(posts).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate 2 codes' }));
    await waitFor(() =>
      expect(posts).toEqual([['/api/book/generateqrcode', { mode: 'nodes', bookId: 8 }]]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
