import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';

/** A bulk edit as the status route answers it (the fields tests read). */
export type Edit = {
  id: number;
  state: string;
  summary: string;
  matched: number;
  changed: number;
  refused: { path: string; message: string }[];
  refusedCount: number;
  restored: number;
  leftAlone: { path: string; message: string }[];
  undoableUntil: string | null;
  jobId: string;
};

export type BulkRoute = 'questions' | 'books' | 'qr-codes' | 'media' | 'learners';

/** Starting, following and undoing bulk edits through the API, as `token` by default. */
export function bulkEditCalls(t: () => TestApp, token: () => string) {
  const get = (url: string, tk: string) => t().as(tk, { method: 'GET', url: `/api${url}` });
  const post = (url: string, payload: object, tk: string) =>
    t().as(tk, { method: 'POST', url: `/api${url}`, payload });

  /** Polls the bulk edit until its job is through. */
  async function settled(id: number, tk = token()): Promise<Edit> {
    for (let i = 0; i < 400; i++) {
      const res = await get(`/bulk-edits/status?id=${id}`, tk);
      expect(res.statusCode, res.body).toBe(200);
      const edit = res.json() as Edit;
      if (edit.state !== 'queued' && edit.state !== 'undoing') return edit;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`Bulk edit ${id} did not finish`);
  }
  return {
    settled,
    /** Starts a bulk edit (200 expected) and waits for its end. */
    async start(kind: BulkRoute, payload: object, tk = token()) {
      const res = await post(`/bulk-edits/${kind}`, payload, tk);
      expect(res.statusCode, res.body).toBe(200);
      return settled((res.json() as Edit).id, tk);
    },
    async undo(id: number, tk = token()) {
      const res = await post('/bulk-edits/undo', { id }, tk);
      expect(res.statusCode, res.body).toBe(200);
      return settled(id, tk);
    },
  };
}
