import type { QrCode, Toc } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { auditLog, qrScans } from '../../db/schema/index.ts';
import { flat, ok, useTocFixture } from './toc.fixtures.ts';

const DAY = 86_400_000;

/**
 * The TOC fixture with a super admin and the steps the printed-codes tests
 * share: nodes added, codes listed and scanned, a coded subtree made.
 */
export function usePrintedCodes() {
  const f = useTocFixture({ buildFromMasters: true });
  let admin = '';
  beforeAll(async () => {
    admin = (await f.t.signIn((await f.t.createAdmin({ role: 'super_admin' })).email)).accessToken;
  });

  const post = (url: string, payload: object) => f.post(admin, url, payload);
  const get = (url: string) => f.get(admin, url);

  async function addNode(title: string, kind: string, parentId: number | null, bookId = f.bookId) {
    const toc = await ok<Toc>(post('/book/addtocnode', { bookId, parentId, title, kind }));
    return flat(toc.nodes).find((n) => n.title === title)!.id;
  }

  async function codesOf(bookId = f.bookId): Promise<QrCode[]> {
    return (
      await ok<{ items: QrCode[] }>(get(`/book/getgenerateqrcodes?bookId=${bookId}&pageSize=100`))
    ).items;
  }
  const codeAt = async (nodeId: number, bookId = f.bookId) =>
    (await codesOf(bookId)).find((c) => c.targetKind === 'toc_node' && c.targetId === nodeId)!;

  async function scan(code: string, times: number) {
    for (let i = 0; i < times; i++) {
      const res = await f.t.app.inject({ method: 'GET', url: `/q/${code}` });
      expect(res.statusCode).toBeLessThan(400);
    }
  }

  /**
   * A unit › chapter › topic under the book, the chapter and the topic coded:
   * the chapter's code scanned twice, the topic's once now and once 40 days
   * ago (outside the 30 days).
   */
  async function codedSubtree(name: string, bookId = f.bookId) {
    const unit = await addNode(`${name} unit`, 'unit', null, bookId);
    const chapter = await addNode(`${name} chapter`, 'chapter', unit, bookId);
    const topic = await addNode(`${name} topic`, 'topic', chapter, bookId);
    await ok(post('/book/generateqrcode', { mode: 'nodes', bookId, nodeIds: [chapter, topic] }));
    const chapterCode = (await codeAt(chapter, bookId)).code;
    const topicCode = (await codeAt(topic, bookId)).code;
    await scan(chapterCode, 2);
    await scan(topicCode, 1);
    const [t] = (await codesOf(bookId)).filter((c) => c.code === topicCode);
    await f.t.app.deps.db
      .insert(qrScans)
      .values({ codeId: t!.id, scannedAt: new Date(Date.now() - 40 * DAY), ipHash: 'old' });
    return { unit, chapter, topic, chapterCode, topicCode, ids: [t!.id] };
  }

  const retargetAudits = async () =>
    (
      await f.t.app.deps.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'qr_code_retargeted'), eq(auditLog.entity, 'qr_code')))
    ).length;

  return {
    f,
    admin: () => admin,
    post,
    get,
    addNode,
    codesOf,
    codeAt,
    scan,
    codedSubtree,
    retargetAudits,
  };
}
