import { tinyPdf } from '../../modules/toc/toc.fixtures.ts';
import { book } from './books.ts';
import { gradeId } from './curriculum.ts';
import {
  freshIsbn,
  made,
  mk,
  next,
  post,
  type Samples,
  sheet,
  unique,
  upload,
  type World,
} from './kit.ts';
import { audio, video } from './media.ts';

/** A new unit at the top of a book's TOC (a new book unless one is given). */
export const node = async (w: World, bookId?: number) => {
  const id = bookId ?? (await book(w)).id;
  const title = unique('Unit');
  const toc = await made<{ nodes: { id: number; title: string }[] }>(
    w,
    post('/book/addtocnode', { bookId: id, title, kind: 'unit' }, w.token),
  );
  return { bookId: id, id: toc.nodes.find((n) => n.title === title)!.id };
};
const linkOn = async (w: World, nodeId: number) =>
  (
    await made<{ item: { id: number } }>(
      w,
      post(
        '/book/checkmappingandassign',
        { nodeId, kind: 'link', url: `https://example.test/${next()}`, title: unique('Link') },
        w.token,
      ),
    )
  ).item.id;

/** A book's table of contents: nodes, their content, the XLSX import. */
export const tocSamples = {
  dummyToc: async (w) => {
    const g = await gradeId(w);
    const { id: subjectId } = await mk(w, '/book/addsubject', {
      gradeId: g,
      name: unique('Subject'),
    });
    await mk(w, '/book/addchapter', { subjectId, name: unique('Chapter') });
    const isbn = freshIsbn();
    await book(w, { isbn, gradeId: g, subjectId });
    return post('/book/dummytocforisbn', { isbn, replace: true }, w.token);
  },
  addTocNode: async (w) =>
    post(
      '/book/addtocnode',
      { bookId: (await book(w)).id, title: unique('Unit'), kind: 'unit' },
      w.token,
    ),
  renameTocNode: async (w) =>
    post('/book/renametocnode', { id: (await node(w)).id, title: unique('Renamed') }, w.token),
  updateTocNode: async (w) =>
    post('/book/updatetocnode', { id: (await node(w)).id, isFree: true }, w.token),
  moveTocNode: async (w) => {
    const first = await node(w);
    await node(w, first.bookId);
    return post('/book/movetocnode', { id: first.id, parentId: null, position: 1 }, w.token);
  },
  deleteTocNode: async (w) => post('/book/deletetocnode', { id: (await node(w)).id }, w.token),
  uploadToc: async (w) => {
    const { id } = await book(w);
    const bytes = await sheet(
      ['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Node Id', 'Kind', 'Free', 'Status'],
      [['Unit A', null, null, null, null, 'unit', 'No', 'active']],
    );
    return upload(w, `/book/uploadtoc?bookId=${id}&dryRun=false`, bytes, 'toc.xlsx');
  },
  uploadContent: async (w) =>
    upload(w, '/book/uploadcontent', tinyPdf(), 'part.pdf', {
      nodeId: String((await node(w)).id),
      title: 'Part',
    }),
  checkMappingAndAssign: async (w) =>
    post(
      '/book/checkmappingandassign',
      { nodeId: (await node(w)).id, kind: 'link', url: 'https://example.test/read', title: 'Read' },
      w.token,
    ),
  setVideoToc: async (w) =>
    post(
      '/book/setvideotoc',
      { nodeId: (await node(w)).id, mediaItemId: (await video(w)).id },
      w.token,
    ),
  setAudioToc: async (w) =>
    post(
      '/book/setaudiotoc',
      { nodeId: (await node(w)).id, mediaItemId: (await audio(w)).id },
      w.token,
    ),
  removeContent: async (w) =>
    post('/book/removecontent', { id: await linkOn(w, (await node(w)).id) }, w.token),
  reorderContent: async (w) => {
    const { id } = await node(w);
    const a = await linkOn(w, id);
    const b = await linkOn(w, id);
    return post('/book/reordercontent', { parentId: id, ids: [b, a] }, w.token);
  },
} satisfies Samples;
