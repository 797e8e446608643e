import { routes } from '@bo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { saveToken } from './token-store.ts';
import { uploadWithProgress } from './upload-with-progress.ts';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  form: FormData;
}

/** An XMLHttpRequest stand-in: records each request and answers with `reply`. */
function fakeXhr(reply: (sent: Sent) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void;
    } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private req = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.req.method = method;
      this.req.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.req.headers[name] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const s = { ...this.req, form };
      sent.push(s);
      const answer = reply(s);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress', () => {
  it('sends the fields before the file, the query and the bearer, and reports progress', async () => {
    saveToken({ access: 'A1', refresh: 'R1' });
    const sent = fakeXhr(() => ({ status: 200, body: { ok: true } }));
    const progress: number[] = [];
    const file = new File(['x'], 'toc.xlsx');
    const answer = await uploadWithProgress(routes.uploadToc, {
      file,
      fields: { nodeId: '3', title: 'Sheet' },
      query: { bookId: 7, dryRun: true },
      onProgress: (p) => progress.push(p),
    });
    expect(answer).toEqual({ ok: true });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/book/uploadtoc?bookId=7&dryRun=true');
    expect(sent[0]!.headers.Authorization).toBe('Bearer A1');
    expect([...sent[0]!.form.keys()]).toEqual(['nodeId', 'title', 'file']);
    expect(progress).toEqual([0, 0.5]);
  });

  it('answers the API error of a refused upload', async () => {
    saveToken({ access: 'A1', refresh: 'R1' });
    fakeXhr(() => ({ status: 415, body: { message: 'Not a PDF', code: 'unsupported_type' } }));
    const error = await uploadWithProgress(routes.uploadContent, {
      file: new File(['x'], 'a.pdf'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Not a PDF');
  });
});
