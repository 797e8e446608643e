import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, otpChallenges } from '../../db/schema/index.ts';
import { randomDigits, sha256 } from '../../lib/secrets.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { jobsIdle } from '../../test/jobs.testing.ts';
import { codeIn } from '../../test/smtp-receiver.ts';
import { LOCK_AFTER_FAILURES, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from './login.service.ts';
import {
  adminRow,
  auditRows,
  body,
  confirm,
  db,
  otherCode,
  post,
  startLogin,
} from './security.helpers.ts';

/** docs/security.md items 5, 6 and 7: the mailed one-time code. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const challengeRow = async (id: string) =>
  (await db(t).select().from(otpChallenges).where(eq(otpChallenges.id, id)))[0]!;

/** Two live challenges of one admin with different codes. */
async function twoChallenges(email: string) {
  for (;;) {
    const a = await startLogin(t, email);
    const b = await startLogin(t, email);
    if (a.code !== b.code) return [a, b] as const;
  }
}

describe('item 5: the code', () => {
  it('item 5: at least 6 CSPRNG digits, leading zeros kept, evenly spread', async () => {
    const a = await t.createAdmin();
    expect((await startLogin(t, a.email)).code).toMatch(/^\d{6}$/);
    const samples = Array.from({ length: 20_000 }, () => randomDigits(6));
    expect(samples.every((s) => /^\d{6}$/.test(s))).toBe(true);
    expect(samples.some((s) => s.startsWith('0'))).toBe(true);
    expect(new Set(samples).size).toBeGreaterThan(19_000);
    const perDigit = new Array(10).fill(0);
    for (const s of samples) for (const d of s) perDigit[Number(d)]++;
    // 120,000 digits: each about 12,000; 5 % off would be 20 standard deviations.
    for (const n of perDigit) expect(Math.abs(n - 12_000)).toBeLessThan(600);
  });

  it('item 5: stored only as a keyed hash (otp_challenges holds no plain code)', async () => {
    const a = await t.createAdmin();
    const { challengeId, code } = await startLogin(t, a.email);
    const rows = await db(t).select().from(otpChallenges).where(eq(otpChallenges.adminId, a.id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).toBe(challengeId);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    // Not an unkeyed hash, which ten-to-the-sixth guesses would reverse.
    expect(row.codeHash).not.toBe(sha256(code));
    expect(row.codeHash).not.toBe(sha256(`${challengeId}:${code}`));
  });

  it('item 5: TTL ≤ 10 min; the code works at TTL−1 s and gives 401 at TTL+1 s', async () => {
    const a = await t.createAdmin();
    const first = await startLogin(t, a.email);
    const ttl = Date.parse(first.expiresAt) - t.clock().getTime();
    expect(ttl).toBe(OTP_TTL_MS);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    t.clock.advance(ttl - 1000);
    expect((await confirm(t, first.challengeId, first.code)).statusCode).toBe(200);

    const second = await startLogin(t, a.email);
    t.clock.advance(ttl + 1000);
    const late = await confirm(t, second.challengeId, second.code);
    expect(late.statusCode).toBe(401);
    expect(body(late).code).toBe('otp_expired');
  });

  /** Signs in on an app whose log is captured; answers the log lines and the secrets. */
  async function loggedSignIn() {
    const lines: string[] = [];
    const logger = { stream: { write: (s: string) => void lines.push(s) } };
    const logged = await createTestApp({ LOG_LEVEL: 'trace' }, { logger });
    try {
      const a = await logged.createAdmin();
      const { challengeId, code } = await startLogin(logged, a.email);
      const wrong = await confirm(logged, challengeId, otherCode(code));
      const ok = await confirm(logged, challengeId, code);
      expect([wrong.statusCode, ok.statusCode]).toEqual([401, 200]);
      expect(lines.length).toBeGreaterThan(3); // the log is on
      return { lines, code, refreshToken: ok.json().refreshToken as string };
    } finally {
      await logged.close();
    }
  }

  it('item 5: logs (requests, responses, mails sent) never contain the code or tokens', async () => {
    const { lines, code, refreshToken } = await loggedSignIn();
    const log = lines.join('\n');
    expect(log).toContain('"msg":"mail sent"'); // the mailer's line is among them
    for (const secret of [code, otherCode(code), refreshToken, TEST_PASSWORD]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('item 6: no reuse of codes', () => {
  it('item 6: a replayed code gives 401', async () => {
    const a = await t.createAdmin();
    const { challengeId, code } = await startLogin(t, a.email);
    expect((await confirm(t, challengeId, code)).statusCode).toBe(200);
    const replay = await confirm(t, challengeId, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.body).not.toMatch(/Token/);
  });

  it('item 6: the same code sent 10 times in parallel signs in once', async () => {
    const a = await t.createAdmin();
    const { challengeId, code } = await startLogin(t, a.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(t, challengeId, code)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The rest are refused: used code (401) or, under real concurrency, no tries left (429).
    for (const r of answers.filter((r) => r.statusCode !== 200)) {
      expect([401, 429]).toContain(r.statusCode);
      expect(r.body).not.toMatch(/accessToken/);
    }
  });

  it("item 6: challenge A's code on challenge B gives 401 (also across admins)", async () => {
    const a = await t.createAdmin();
    const [first, second] = await twoChallenges(a.email);
    expect((await confirm(t, second.challengeId, first.code)).statusCode).toBe(401);
    const b = await t.createAdmin();
    const other = await startLogin(t, b.email);
    if (other.code !== first.code) {
      expect((await confirm(t, other.challengeId, first.code)).statusCode).toBe(401);
    }
    // Each code still opens its own challenge.
    expect((await confirm(t, first.challengeId, first.code)).statusCode).toBe(200);
    expect((await confirm(t, second.challengeId, second.code)).statusCode).toBe(200);
  });

  it('item 6: after a resend the old code gives 401, on the old and the new challenge', async () => {
    const a = await t.createAdmin();
    const old = await startLogin(t, a.email);
    const since = t.smtp.mails.length;
    const resend = await post(t, '/auth/resendotp', { challengeId: old.challengeId });
    expect(resend.statusCode).toBe(200);
    const fresh = codeIn(
      await t.smtp.waitFor((m) => t.smtp.mails.indexOf(m) >= since && m.to.includes(a.email)),
    );
    const newId = resend.json().challengeId as string;
    expect(newId).not.toBe(old.challengeId);
    expect((await confirm(t, old.challengeId, old.code)).statusCode).toBe(401);
    expect((await confirm(t, old.challengeId, fresh)).statusCode).toBe(401);
    if (old.code !== fresh) expect((await confirm(t, newId, old.code)).statusCode).toBe(401);
    expect((await confirm(t, newId, fresh)).statusCode).toBe(200);
  });
});

describe('item 7: five tries per challenge', () => {
  it('item 7: after 5 wrong codes the 6th answer gets 429 even when correct', async () => {
    const a = await t.createAdmin();
    const { challengeId, code } = await startLogin(t, a.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await confirm(t, challengeId, otherCode(code));
      expect(res.statusCode).toBe(401);
    }
    const sixth = await confirm(t, challengeId, code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).not.toMatch(/accessToken/);
    // A dead challenge cannot be resent either; a new sign-in works.
    expect((await post(t, '/auth/resendotp', { challengeId })).statusCode).toBe(401);
    const again = await startLogin(t, a.email);
    expect((await confirm(t, again.challengeId, again.code)).statusCode).toBe(200);
  });

  it('item 7: each wrong code counts toward the account lockout', async () => {
    const a = await t.createAdmin();
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) {
      expect(
        (await post(t, '/auth/login', { email: a.email, password: `no ${i}` })).statusCode,
      ).toBe(401);
    }
    const { challengeId, code } = await startLogin(t, a.email);
    expect((await confirm(t, challengeId, otherCode(code))).statusCode).toBe(401); // the 10th failure
    expect((await adminRow(t, a.id)).lockedUntil).not.toBeNull();
    expect(
      (await post(t, '/auth/login', { email: a.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
    // The right code on the still-open challenge gives no tokens while locked.
    const locked = await confirm(t, challengeId, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).not.toMatch(/accessToken/);
  });

  it('item 7: while locked, codes are not checked (no oracle) and none is resent', async () => {
    const a = await t.createAdmin();
    const { challengeId, code } = await startLogin(t, a.email);
    await db(t)
      .update(admins)
      .set({ lockedUntil: new Date(t.clock().getTime() + 60_000) })
      .where(eq(admins.id, a.id));
    const wrong = await confirm(t, challengeId, otherCode(code));
    const right = await confirm(t, challengeId, code);
    expect([wrong.statusCode, right.statusCode]).toEqual([429, 429]);
    expect(wrong.body).toBe(right.body);
    expect((await auditRows(t, 'otp_failed')).filter((r) => r.actorId === a.id)).toEqual([]);
    const since = t.smtp.mails.length;
    expect((await post(t, '/auth/resendotp', { challengeId })).statusCode).toBe(429);
    await jobsIdle(t.app); // every queued mail has been sent
    expect(t.smtp.mails.slice(since).filter((m) => m.to.includes(a.email))).toEqual([]);
  });

  it('item 7: knowing the password, at most 100 code guesses an hour (resends included)', async () => {
    const a = await t.createAdmin();
    let challengeId: string | undefined;
    let checked = 0;
    for (let minute = 0; minute < 60; minute++, t.clock.advance(60_000)) {
      for (let round = 0; round < 3; round++) {
        // A fresh challenge: resend the last one (before it is used up), else sign in again.
        let next = challengeId ? await post(t, '/auth/resendotp', { challengeId }) : undefined;
        if (next?.statusCode !== 200) {
          next = await post(t, '/auth/login', { email: a.email, password: TEST_PASSWORD });
        }
        if (next.statusCode !== 200) break;
        challengeId = next.json().challengeId as string;
        for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i++) {
          const res = await confirm(t, challengeId, String(100_000 + checked));
          if (res.statusCode !== 401) break;
          checked++;
        }
      }
    }
    expect(checked).toBeLessThanOrEqual(100);
    expect(checked).toBeGreaterThanOrEqual(LOCK_AFTER_FAILURES);
  }, 30_000);

  it('item 7: 50 parallel wrong answers over 10 challenges count at most 10 toward the lockout', async () => {
    const a = await t.createAdmin();
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await startLogin(t, a.email));
    const answers = await Promise.all(
      open.flatMap((c) =>
        Array.from({ length: OTP_MAX_ATTEMPTS }, () =>
          confirm(t, c.challengeId, otherCode(c.code)),
        ),
      ),
    );
    const checked = answers.filter((r) => r.statusCode === 401);
    expect(checked.length).toBeLessThanOrEqual(LOCK_AFTER_FAILURES);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50 - checked.length);
    expect((await adminRow(t, a.id)).lockedUntil).not.toBeNull();
  });

  it('item 7: 50 parallel wrong answers are counted at most 5 times', async () => {
    const a = await t.createAdmin();
    const { challengeId, code } = await startLogin(t, a.email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => confirm(t, challengeId, otherCode(code))),
    );
    const wrongCode = answers.filter((r) => r.statusCode === 401);
    expect(wrongCode.length).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50 - wrongCode.length);
    expect((await challengeRow(challengeId)).attempts).toBe(OTP_MAX_ATTEMPTS);
    expect((await adminRow(t, a.id)).failedLogins).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
    const failures = (await auditRows(t, 'otp_failed')).filter((r) => r.actorId === a.id);
    expect(failures.length).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
    // No audit row holds the code.
    expect(JSON.stringify(failures)).not.toContain(code);
    expect(failures[0]).toMatchObject({ entity: 'session', ip: '127.0.0.1' });
    expect((await confirm(t, challengeId, code)).statusCode).toBe(429);
  });
});
