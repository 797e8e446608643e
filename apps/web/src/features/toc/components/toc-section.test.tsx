import type { ContentItem, Toc, TocNode } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TocSection } from './toc-section.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const node = (id: number, title: string, parentId: number | null, children: TocNode[] = []) =>
  ({
    id,
    parentId,
    kind: parentId === null ? 'chapter' : 'topic',
    title,
    chapterId: null,
    topicId: null,
    position: 0,
    isFree: false,
    status: 'active',
    contentCount: id === 2 ? 1 : 0,
    children,
  }) as TocNode;

const toc: Toc = {
  book: { id: 7, isbn: '9780306406157', title: 'Science' },
  nodeCount: 3,
  nodes: [node(1, 'Animals', null, [node(2, 'Mammals', 1)]), node(3, 'Plants', null)],
};
const pdf: ContentItem = {
  id: 11,
  nodeId: 2,
  nodePath: 'Animals › Mammals',
  kind: 'pdf',
  title: 'Mammal sheet',
  position: 0,
  file: { contentType: 'application/pdf', size: 10, sha256: 'x', originalName: 'm.pdf' },
  pages: 2,
  mediaItemId: null,
  url: null,
  openUrl: '/api/book/contentfile?id=11&exp=1&sig=s',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

// The node panel and the delete dialog load their code when first shown (a
// dynamic import), which takes seconds under jsdom on a busy machine.
const LOADING = { timeout: 10_000 };
const findPanel = () => screen.findByTestId('toc-node-panel', {}, LOADING);

describe('TocSection', () => {
  it('shows the tree, collapses, opens a node with its PDF link, marks it free, moves and asks before deleting', {
    timeout: 40_000,
  }, async () => {
    const posts: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (init?.method === 'POST') posts.push([url, JSON.parse(String(init.body))]);
        if (url.startsWith('/api/book/gettocbyisbn')) return json(toc);
        if (url.startsWith('/api/book/getdigitalcontent'))
          return json({ book: toc.book, items: [pdf] });
        if (url.startsWith('/api/book/tocnodeimpact'))
          return json({ nodes: 2, contentItems: 1, practices: 0 });
        if (url.startsWith('/api/media/filtervideo'))
          return json({ items: [], total: 0, page: 1, pageSize: 8 });
        if (url === '/api/book/movetocnode' || url === '/api/book/updatetocnode') return json(toc);
        return json({ message: 'unexpected', code: 'x' }, 500);
      }),
    );
    renderRoutes(
      [{ path: '/', Component: () => <TocSection isbn="9780306406157" subject={null} /> }],
      '/',
    );

    expect(await screen.findByText('Mammals')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Collapse Animals'));
    expect(screen.queryByText('Mammals')).toBeNull();
    fireEvent.click(screen.getByLabelText('Expand Animals'));
    fireEvent.click(screen.getByText('Mammals'));
    const panel = await findPanel();
    const link = await within(panel).findByRole('link', { name: 'Open' });
    expect(link.getAttribute('href')).toBe(pdf.openUrl);
    expect(within(panel).getByText(/Mammal sheet/)).toBeTruthy();

    fireEvent.click(within(panel).getByRole('switch', { name: 'Free: Mammals' }));
    await waitFor(() =>
      expect(posts).toContainEqual([
        '/api/book/updatetocnode',
        { id: 2, isFree: true, subtree: false },
      ]),
    );

    // Row actions sit in each row's menu.
    fireEvent.click(screen.getByLabelText('Actions for Plants'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() =>
      expect(posts).toContainEqual([
        '/api/book/movetocnode',
        { id: 3, parentId: null, position: 0 },
      ]),
    );

    fireEvent.click(screen.getByLabelText('Actions for Animals'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(
      await screen.findByText(/removes 2 nodes .* and 1 content item/, {}, LOADING),
    ).toBeTruthy();
  });

  it('node forms say Required on an empty title, and the PDF form on a missing file', {
    timeout: 30_000,
  }, async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (init?.method === 'POST') posts.push(url);
        if (url.startsWith('/api/book/gettocbyisbn')) return json(toc);
        if (url.startsWith('/api/book/getdigitalcontent'))
          return json({ book: toc.book, items: [] });
        return json({ items: [], total: 0, page: 1, pageSize: 8 });
      }),
    );
    renderRoutes(
      [{ path: '/', Component: () => <TocSection isbn="9780306406157" subject={null} /> }],
      '/',
    );
    const errorOf = (field: HTMLElement) => {
      const id = field
        .getAttribute('aria-describedby')
        ?.split(/\s+/)
        .find((i) => i.endsWith('-error'));
      return field.getAttribute('aria-invalid') === 'true' && id
        ? document.getElementById(id)?.textContent
        : null;
    };

    fireEvent.click(await screen.findByLabelText('Actions for Plants'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /under it$/ }));
    const title = await screen.findByLabelText('New node title');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorOf(title)).toBe('Required'));

    fireEvent.click(screen.getByLabelText('Actions for Animals'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByLabelText('Node title');
    fireEvent.change(rename, { target: { value: ' ' } });
    fireEvent.submit(rename.closest('form')!);
    await waitFor(() => expect(errorOf(rename)).toBe('Required'));

    fireEvent.click(screen.getByText('Mammals'));
    const panel = await findPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(errorOf(within(panel).getByLabelText('PDF file'))).toBe('Required'));
    expect(posts).toEqual([]);
  });
});
