import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { book } from '../../test/write-samples/books.ts';
import { LEARNER_COLUMNS } from './learners.columns.ts';
import { event, ingest, makeAppKey, registered } from './learners.testing.ts';

let t: TestApp;
let token: string;
let key: string;
const tag = randomUUID().slice(0, 6);
const uids: Record<string, string> = {};

const get = (url: string) => t.as(token, { method: 'GET', url: `/api${url}` });
const post = (url: string, payload: object) =>
  t.as(token, { method: 'POST', url: `/api${url}`, payload });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  key = await makeAppKey(t, token);
  const people = [
    {
      name: `Zoya ${tag}`,
      city: 'Pune',
      state: 'Maharashtra',
      at: '2026-01-10T10:00:00Z',
      phone: '+91 90000 00001',
    },
    {
      name: `Arjun ${tag}`,
      city: 'Lucknow',
      state: 'Uttar Pradesh',
      at: '2026-02-15T10:00:00Z',
      phone: '+91 90000 00002',
    },
    {
      name: `Meera ${tag}`,
      city: 'Pune',
      state: 'Maharashtra',
      at: '2026-03-20T10:00:00Z',
      phone: '+91 90000 00003',
    },
  ];
  const events: object[] = people.map((p) => {
    const e = registered({
      ...p,
      email: `${p.name.split(' ')[0]!.toLowerCase()}.${tag}@example.test`,
    });
    uids[p.name.split(' ')[0]!] = e.learnerId;
    return e;
  });
  events.push(event('learner_updated', uids.Arjun!, { status: 'blocked' }));
  const res = await ingest(t, key, events);
  expect(res.json().rejected).toEqual([]);
}, 60_000);
afterAll(() => t?.close());

type Item = { id: number; name: string };
const names = async (query: string) => {
  const res = await get(`/user/getinfoofusers?q=${tag}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Item[]).map((i) => i.name.split(' ')[0]);
};

describe('the learners list', () => {
  it('searches name, e-mail and phone', async () => {
    expect(await names('')).toHaveLength(3);
    const byMail = await get(`/user/getinfoofusers?q=${encodeURIComponent(`meera.${tag}@`)}`);
    expect(byMail.json().items.map((i: Item) => i.name)).toEqual([`Meera ${tag}`]);
    const byPhone = await get(`/user/getinfoofusers?q=${encodeURIComponent('90000 00002')}`);
    expect(byPhone.json().items.map((i: Item) => i.name)).toEqual([`Arjun ${tag}`]);
  });

  it('filters by state, city, status and registration days, and sorts', async () => {
    expect((await names('state=Maharashtra&sort=name')).sort()).toEqual(['Meera', 'Zoya']);
    expect(await names('city=Lucknow')).toEqual(['Arjun']);
    expect(await names('status=blocked')).toEqual(['Arjun']);
    expect(
      await names('registeredFrom=2026-02-15&registeredTo=2026-03-20&sort=registeredAt'),
    ).toEqual(['Arjun', 'Meera']);
    expect(await names('sort=name&order=desc')).toEqual(['Zoya', 'Meera', 'Arjun']);
    // Newest registrations first by default.
    expect(await names('')).toEqual(['Meera', 'Arjun', 'Zoya']);
  });

  it('refuses a bad filter with 400', async () => {
    expect((await get('/user/getinfoofusers?registeredFrom=yesterday')).statusCode).toBe(400);
    expect((await get('/user/getinfoofusers?sort=password')).statusCode).toBe(400);
  });

  it('exports the filtered list as XLSX', async () => {
    const res = await get(`/user/exportusers?q=${tag}&state=Maharashtra&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Learners.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    // The learners report's download has the same columns (learners.columns.ts), less the devices.
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      ...LEARNER_COLUMNS.map((c) => c.header),
      'Bound devices',
    ]);
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual([
      `Meera ${tag}`,
      `Zoya ${tag}`,
    ]);
    expect(sheet.rowCount).toBe(3);
  });
});

describe('one learner', () => {
  it('shows devices, sessions, redemptions, feedback and views; a reset is audited and frees the place', async () => {
    const b = await book({ t, token });
    const uid = uids.Zoya!;
    const session = randomUUID();
    const sent = await ingest(t, key, [
      event('device_bound', uid, { deviceId: 'old-phone', platform: 'android' }),
      event('session_started', uid, { sessionId: session, platform: 'android' }),
      event('redemption', uid, { bookId: b.id, code: 'PUNE-1' }),
      event('content_view', uid, { bookId: b.id, contentKind: 'video', contentId: 3, seconds: 40 }),
      event('feedback', uid, { bookId: b.id, rating: 5, comment: 'Great' }),
    ]);
    expect(sent.json().accepted).toBe(5);
    const [zoya] = (await get(`/user/getinfoofusers?q=Zoya ${tag}`)).json().items as Item[];
    const detail = (await get(`/user/getinfobyuserid?id=${zoya!.id}`)).json();
    expect(detail.learner).toMatchObject({ name: `Zoya ${tag}`, activeDevices: 1 });
    expect(detail.devices).toMatchObject([{ deviceId: 'old-phone', resetAt: null }]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.redemptions).toMatchObject([{ bookTitle: expect.any(String), code: 'PUNE-1' }]);
    expect(detail.views).toMatchObject([{ seconds: 40, contentKind: 'video' }]);
    expect(detail.feedback).toMatchObject([{ rating: 5, comment: 'Great' }]);
    expect(detail.attempts).toEqual([]);

    const refused = await ingest(t, key, [
      event('device_bound', uid, { deviceId: 'new-phone', platform: 'ios' }),
    ]);
    expect(refused.json().rejected).toMatchObject([{ code: 'device_limit' }]);

    expect((await post('/user/resetuserdevice', { id: zoya!.id, reason: '' })).statusCode).toBe(
      400,
    );
    const reset = await post('/user/resetuserdevice', { id: zoya!.id, reason: 'Lost her phone' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ ok: true, cleared: 1 });
    const [row] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resetUserDevice'), eq(auditLog.entityId, String(zoya!.id))));
    expect(row).toMatchObject({ entity: 'learner', after: { reason: 'Lost her phone' } });
    // Nothing left to reset: 409, not a silent success.
    expect(
      (await post('/user/resetuserdevice', { id: zoya!.id, reason: 'Again' })).statusCode,
    ).toBe(409);

    const bound = await ingest(t, key, [
      event('device_bound', uid, { deviceId: 'new-phone', platform: 'ios' }),
    ]);
    expect(bound.json()).toMatchObject({ accepted: 1, rejected: [] });
    const after = (await get(`/user/getinfobyuserid?id=${zoya!.id}`)).json();
    expect(after.devices).toMatchObject([
      { deviceId: 'new-phone', resetAt: null },
      { deviceId: 'old-phone', resetReason: 'Lost her phone', resetByName: expect.any(String) },
    ]);
  });

  it('answers 404 for an unknown learner', async () => {
    expect((await get('/user/getinfobyuserid?id=999999')).statusCode).toBe(404);
    expect((await post('/user/resetuserdevice', { id: 999_999, reason: 'None' })).statusCode).toBe(
      404,
    );
  });
});

describe('contact messages', () => {
  it('lists new and resolved, and resolves one with a note', async () => {
    const subject = `Cannot log in ${tag}`;
    await ingest(t, key, [
      event('contact_message', null, {
        name: 'Visitor',
        email: 'v@example.test',
        subject,
        message: 'Help me',
      }),
      event('contact_message', uids.Meera!, {
        name: 'Meera',
        subject: `${subject} again`,
        message: 'मदद करें',
      }),
    ]);
    const list = (await get(`/user/contactus?q=${encodeURIComponent(subject)}&status=new`)).json();
    expect(list.total).toBe(2);
    const id = list.items.find((m: { subject: string }) => m.subject === subject).id;
    expect((await post('/user/resolvecontactus', { id, note: '' })).statusCode).toBe(400);
    const res = await post('/user/resolvecontactus', { id, note: 'Reset their password' });
    expect(res.json()).toMatchObject({ status: 'resolved', note: 'Reset their password' });
    expect(res.json().resolvedByName).toBeTruthy();
    const fresh = (await get(`/user/contactus?q=${encodeURIComponent(subject)}&status=new`)).json();
    expect(fresh.items.map((m: { subject: string }) => m.subject)).toEqual([`${subject} again`]);
    const done = (
      await get(`/user/contactus?q=${encodeURIComponent(subject)}&status=resolved`)
    ).json();
    expect(done.items.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await post('/user/resolvecontactus', { id: 999_999, note: 'x' })).statusCode).toBe(404);
  });
});
