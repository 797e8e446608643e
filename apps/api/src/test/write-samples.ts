import type { RouteName, routes } from '@bo/contract';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { grades } from '../db/schema/index.ts';
import { ensureSetupLink } from '../modules/auth/password.service.ts';
import { TINY_PNG } from '../modules/media/media.fixtures.ts';
import { multipart, tinyPdf } from '../modules/toc/toc.fixtures.ts';
import { TEST_PASSWORD, type TestApp } from './harness.ts';
import { codeIn, linkTokenIn } from './smtp-receiver.ts';

/** Every route of the contract that writes (POST). */
export type WriteRoute = {
  [K in RouteName]: (typeof routes)[K]['method'] extends 'POST' ? K : never;
}[RouteName];

/** One valid call: the request, and the bearer token to send (none for public routes). */
export interface WriteCall {
  req: InjectOptions;
  token?: string;
}

/** What the samples build on: the app and a super admin's token. */
export interface World {
  t: TestApp;
  token: string;
}

type Sample = (w: World) => Promise<WriteCall>;

let seq = 0;
const unique = (what: string) => `${what} ${++seq}-${Date.now() % 100_000}`;

/** A fresh valid ISBN-13 (978 prefix, right check digit). */
export function freshIsbn(): string {
  const body = `978${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const post = (url: string, payload: object, token?: string): WriteCall => ({
  req: { method: 'POST', url: `/api${url}`, payload },
  token,
});

/** A successful call made to set a sample up; its answer's JSON. */
async function made<T = Record<string, unknown>>(w: World, call: WriteCall): Promise<T> {
  const res = call.token ? await w.t.as(call.token, call.req) : await w.t.app.inject(call.req);
  if (res.statusCode !== 200) throw new Error(`${call.req.url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const mk = (w: World, url: string, payload: object) =>
  made<{ id: number }>(w, post(url, payload, w.token));

async function gradeId(w: World) {
  const [g] = await w.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
  return g!.id;
}
const subject = async (w: World) =>
  mk(w, '/book/addsubject', { gradeId: await gradeId(w), name: unique('Subject') });
const chapter = async (w: World) =>
  mk(w, '/book/addchapter', { subjectId: (await subject(w)).id, name: unique('Chapter') });
const topic = async (w: World) =>
  mk(w, '/book/addtopic', { chapterId: (await chapter(w)).id, name: unique('Topic') });
const book = (w: World, extra: object = {}) =>
  mk(w, '/book/createbookcontent', { isbn: freshIsbn(), title: unique('Book'), ...extra });
const node = async (w: World, bookId?: number) => {
  const id = bookId ?? (await book(w)).id;
  const title = unique('Unit');
  const toc = await made<{ nodes: { id: number; title: string }[] }>(
    w,
    post('/book/addtocnode', { bookId: id, title, kind: 'unit' }, w.token),
  );
  return { bookId: id, id: toc.nodes.find((n) => n.title === title)!.id };
};
const video = (w: World) =>
  mk(w, '/media/addvideo', {
    source: 'url',
    url: 'https://cdn.example.test/v.mp4',
    title: unique('Video'),
  });
const audio = (w: World) =>
  mk(w, '/media/addaudiofile', {
    source: 'url',
    url: 'https://cdn.example.test/a.mp3',
    title: unique('Audio'),
  });
const linkOn = async (w: World, nodeId: number) =>
  (
    await made<{ item: { id: number } }>(
      w,
      post(
        '/book/checkmappingandassign',
        { nodeId, kind: 'link', url: `https://example.test/${++seq}`, title: unique('Link') },
        w.token,
      ),
    )
  ).item.id;

/** A signed-in admin of its own, for the routes that end or change a session. */
async function ownSession(w: World) {
  const a = await w.t.createAdmin();
  return { ...a, ...(await w.t.signIn(a.email)) };
}
async function challenge(w: World) {
  const a = await w.t.createAdmin();
  const login = await made<{ challengeId: string }>(
    w,
    post('/auth/login', { email: a.email, password: TEST_PASSWORD }),
  );
  const mail = await w.t.smtp.waitFor((m) => m.to.includes(a.email));
  return { challengeId: login.challengeId, otp: codeIn(mail) };
}
async function invited(w: World) {
  const email = `${unique('invited').replace(/\W/g, '')}@example.test`;
  const { id } = await mk(w, '/manage/createadminuser', {
    email,
    name: 'Invited',
    modules: ['books'],
  });
  return { id, email };
}

async function sheet(header: string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
/** A job that will not run on its own (an hour away), then cancelled: one a retry may revive. */
async function cancelledJob(w: World) {
  const { jobs, db } = w.t.app.deps;
  const id = await jobs.enqueue(db, 'files.sweep', {}, { startAfterSeconds: 3600 });
  await jobs.boss.cancel('files.sweep', id);
  return id;
}

async function upload(
  w: World,
  url: string,
  bytes: Buffer,
  name: string,
  fields = {},
): Promise<WriteCall> {
  return {
    req: { method: 'POST', url: `/api${url}`, ...(await multipart(bytes, name, fields)) },
    token: w.token,
  };
}

/**
 * A valid, successful call of every write route, built on a fresh world. The
 * type makes a new write route without a sample a compile error, and the
 * audit walk (audit-walk.test.ts) fails on it too.
 */
export const WRITE_SAMPLES: Record<WriteRoute, Sample> = {
  // Only on an empty database: the walk runs it before anyone else exists.
  setup: async (w) => {
    const link = await ensureSetupLink(w.t.app.deps);
    const token = new URL(link!).searchParams.get('token')!;
    return post('/auth/setup', {
      token,
      email: 'first@example.test',
      name: 'First',
      password: TEST_PASSWORD,
    });
  },
  login: async (w) =>
    post('/auth/login', { email: (await w.t.createAdmin()).email, password: TEST_PASSWORD }),
  confirmOtp: async (w) => post('/auth/confirmotp', await challenge(w)),
  resendOtp: async (w) =>
    post('/auth/resendotp', { challengeId: (await challenge(w)).challengeId }),
  refresh: async (w) => post('/auth/refresh', { refreshToken: (await ownSession(w)).refreshToken }),
  logout: async (w) => post('/auth/logout', {}, (await ownSession(w)).accessToken),
  logoutAll: async (w) => ({
    req: { method: 'POST', url: '/api/auth/logoutall' },
    token: (await ownSession(w)).accessToken,
  }),
  passwordUpdate: async (w) =>
    post(
      '/user/password/update',
      { currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase 42' },
      (await ownSession(w)).accessToken,
    ),
  resetLink: async (w) =>
    post('/auth/password/resetlink', { email: (await w.t.createAdmin()).email }),
  passwordReset: async (w) => {
    const { email } = await w.t.createAdmin();
    await made(w, post('/auth/password/resetlink', { email }));
    const mail = await w.t.smtp.waitFor((m) => m.to.includes(email) && /reset/i.test(m.subject));
    return post('/auth/password/reset', {
      token: linkTokenIn(mail),
      password: 'a new long passphrase 42',
    });
  },
  checkLink: async (w) => {
    const { email } = await invited(w);
    const mail = await w.t.smtp.waitFor((m) => m.to.includes(email));
    return post('/auth/link/check', { kind: 'invite', token: linkTokenIn(mail) });
  },
  inviteAccept: async (w) => {
    const { email } = await invited(w);
    const mail = await w.t.smtp.waitFor((m) => m.to.includes(email));
    return post('/auth/invite/accept', {
      token: linkTokenIn(mail),
      password: 'a new long passphrase 42',
    });
  },

  createAdmin: async (w) =>
    post(
      '/manage/createadminuser',
      { email: `new${++seq}@example.test`, name: 'New', modules: ['books'] },
      w.token,
    ),
  editAdmin: async (w) =>
    post('/user/edituser', { id: (await invited(w)).id, name: 'Renamed' }, w.token),
  deleteAdmin: async (w) => post('/manage/deleteadminuser', { id: (await invited(w)).id }, w.token),
  retryJob: async (w) => post('/jobs/retry', { id: await cancelledJob(w) }, w.token),
  resendInvite: async (w) => post('/manage/resendinvite', { id: (await invited(w)).id }, w.token),
  updateModules: async (w) =>
    post('/manage/updatemodules', { id: (await invited(w)).id, modules: ['media'] }, w.token),

  addSubject: async (w) =>
    post('/book/addsubject', { gradeId: await gradeId(w), name: unique('Subject') }, w.token),
  addChapter: async (w) =>
    post(
      '/book/addchapter',
      { subjectId: (await subject(w)).id, name: unique('Chapter') },
      w.token,
    ),
  addTopic: async (w) =>
    post('/book/addtopic', { chapterId: (await chapter(w)).id, name: unique('Topic') }, w.token),
  editSubject: async (w) =>
    post('/book/editsubject', { id: (await subject(w)).id, name: unique('Renamed') }, w.token),
  editChapter: async (w) =>
    post('/book/editchapter', { id: (await chapter(w)).id, name: unique('Renamed') }, w.token),
  editTopic: async (w) =>
    post('/book/edittopic', { id: (await topic(w)).id, name: unique('Renamed') }, w.token),
  removeSubject: async (w) => post('/book/removesubject', { id: (await subject(w)).id }, w.token),
  removeChapter: async (w) => post('/book/removechapter', { id: (await chapter(w)).id }, w.token),
  removeTopic: async (w) => post('/book/removetopic', { id: (await topic(w)).id }, w.token),
  reorderSubjects: async (w) => {
    const parentId = await gradeId(w);
    const { items } = await made<{ items: { id: number }[] }>(w, {
      req: { method: 'GET', url: `/api/book/getsubjects?gradeId=${parentId}` },
      token: w.token,
    });
    return post(
      '/book/reordersubjects',
      { parentId, ids: items.map((i) => i.id).reverse() },
      w.token,
    );
  },
  reorderChapters: async (w) => {
    const { id: subjectId } = await subject(w);
    const a = await mk(w, '/book/addchapter', { subjectId, name: unique('Chapter') });
    const b = await mk(w, '/book/addchapter', { subjectId, name: unique('Chapter') });
    return post('/book/reorderchapters', { parentId: subjectId, ids: [b.id, a.id] }, w.token);
  },
  reorderTopics: async (w) => {
    const { id: chapterId } = await chapter(w);
    const a = await mk(w, '/book/addtopic', { chapterId, name: unique('Topic') });
    const b = await mk(w, '/book/addtopic', { chapterId, name: unique('Topic') });
    return post('/book/reordertopics', { parentId: chapterId, ids: [b.id, a.id] }, w.token);
  },
  uploadCurriculum: async (w) => {
    const [g] = await w.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
    const bytes = await sheet(
      ['Grade', 'Subject', 'Chapter No', 'Chapter', 'Topic'],
      [[g!.name, unique('Imported'), 1, 'First chapter', 'First topic']],
    );
    return upload(w, '/book/uploadcurriculum?dryRun=false', bytes, 'curriculum.xlsx');
  },

  createBook: async (w) =>
    post('/book/createbookcontent', { isbn: freshIsbn(), title: unique('Book') }, w.token),
  editBook: async (w) =>
    post('/book/editbook', { id: (await book(w)).id, title: unique('Retitled') }, w.token),
  changeBookStatus: async (w) =>
    post('/book/changebookstatus', { ids: [(await book(w)).id], status: 'active' }, w.token),
  appendIsbns: async (w) =>
    post('/book/appendmultipleisbn', { bookId: (await book(w)).id, isbns: [freshIsbn()] }, w.token),
  removeExtraIsbn: async (w) => {
    const { id } = await book(w);
    const isbn = freshIsbn();
    await made(w, post('/book/appendmultipleisbn', { bookId: id, isbns: [isbn] }, w.token));
    return post('/book/removeextraisbn', { bookId: id, isbn }, w.token);
  },
  uploadCatalog: async (w) => {
    const bytes = await sheet(
      ['ISBN', 'Title', 'Grade', 'Subject', 'Status', 'Extra ISBNs'],
      [[freshIsbn(), unique('Imported book'), '', '', 'Draft', '']],
    );
    return upload(w, '/book/uploadbookcatalog?dryRun=false', bytes, 'catalogue.xlsx');
  },
  uploadCover: async (w) =>
    upload(w, '/book/uploadcover', TINY_PNG, 'cover.png', { bookId: String((await book(w)).id) }),
  removeCover: async (w) => {
    const { id } = await book(w);
    await made(
      w,
      await upload(w, '/book/uploadcover', TINY_PNG, 'cover.png', { bookId: String(id) }),
    );
    return post('/book/removecover', { id }, w.token);
  },

  addVideo: async (w) =>
    post(
      '/media/addvideo',
      { source: 'url', url: 'https://cdn.example.test/v.mp4', title: unique('Video') },
      w.token,
    ),
  editVideo: async (w) =>
    post('/media/editvideo', { id: (await video(w)).id, title: unique('Video') }, w.token),
  deleteVideo: async (w) => post('/media/deletevideo', { id: (await video(w)).id }, w.token),
  addAudio: async (w) =>
    post(
      '/media/addaudiofile',
      { source: 'url', url: 'https://cdn.example.test/a.mp3', title: unique('Audio') },
      w.token,
    ),
  editAudio: async (w) =>
    post('/media/editaudio', { id: (await audio(w)).id, title: unique('Audio') }, w.token),
  deleteAudio: async (w) => post('/media/deleteaudio', { id: (await audio(w)).id }, w.token),
  uploadMediaFile: async (w) =>
    upload(w, '/media/uploadfile?kind=thumbnail', TINY_PNG, 'thumb.png'),

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
};
