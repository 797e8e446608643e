import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk, callApi } from '../support/api.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { expectInert, xssPayloads } from '../support/xss.ts';

/**
 * docs/security.md item 18: payloads stored through the API and rendered by the
 * screens run no script and leave no `javascript:` URL or SVG foreignObject.
 * Plain-text fields are kept as typed and always rendered as text (React
 * escapes them); address fields refuse every scheme but http(s).
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const api = (page: Page, path: string, body?: unknown) => callApi(page, server, path, body);
const ok = (page: Page, path: string, body?: unknown) => apiOk(page, server, path, body);

describe('stored XSS (docs/security.md item 18)', () => {
  it('renders payloads in names, titles and descriptions as text on every screen', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, server);

    const [subjectName, chapterName, topicName] = xssPayloads('curriculum');
    const grades = await ok(page, '/book/getgrades');
    const grade = grades.items.find((g: { name: string }) => g.name === 'Class 7');
    const subject = await ok(page, '/book/addsubject', { gradeId: grade.id, name: subjectName });
    const chapter = await ok(page, '/book/addchapter', {
      subjectId: subject.id,
      name: chapterName,
    });
    await ok(page, '/book/addtopic', { chapterId: chapter.id, name: topicName });

    const [bookTitle, series] = xssPayloads('book');
    const book = await ok(page, '/book/createbookcontent', {
      isbn: '9780306406157',
      title: bookTitle,
      series,
      gradeId: grade.id,
      subjectId: subject.id,
    });
    await ok(page, '/book/dummytocforisbn', { isbn: '9780306406157' });
    const toc = await ok(page, `/book/gettocbyisbn?isbn=9780306406157`);
    const [nodeTitle] = xssPayloads('toc');
    await ok(page, '/book/addtocnode', { bookId: book.id, title: nodeTitle, kind: 'section' });

    const [mediaTitle, mediaDescription] = xssPayloads('media');
    await ok(page, '/media/addvideo', {
      source: 'url',
      url: 'https://videos.example.test/lesson.mp4',
      title: mediaTitle,
      description: mediaDescription,
    });

    // Address fields refuse script-bearing schemes outright.
    for (const url of ['javascript:window.__xss=1', 'data:text/html,<script>1</script>']) {
      const video = await api(page, '/media/addvideo', { source: 'url', url, title: 'Bad link' });
      expect(video.status, url).toBe(400);
      const link = await api(page, '/book/checkmappingandassign', {
        nodeId: toc.nodes[0].id,
        kind: 'link',
        url,
      });
      expect(link.status, url).toBe(400);
    }

    const screens: [string, string][] = [
      ['/books', 'book list'],
      [`/books/${book.id}`, 'book page with its TOC'],
      [
        `/curriculum?grade=${grade.id}&subject=${subject.id}&chapter=${chapter.id}`,
        'curriculum drill-down',
      ],
      ['/media?kind=video', 'media list'],
      ['/media?kind=video&view=grid', 'media grid'],
      ['/audit', 'audit log'],
    ];
    for (const [path, where] of screens) {
      await page.goto(server.url + path);
      await page.waitForLoadState('networkidle');
      await expectInert(page, where);
    }

    // The payloads are on screen as the text that was typed.
    await page.goto(`${server.url}/books/${book.id}`);
    await page.getByText(nodeTitle!, { exact: true }).first().waitFor();
    await page.goto(`${server.url}/books?q=${encodeURIComponent('onerror')}`);
    await page.getByText(bookTitle!, { exact: true }).first().waitFor();
    await expectInert(page, 'book list filtered on the payload');
    expect(dialogs).toEqual([]);
  });
});
