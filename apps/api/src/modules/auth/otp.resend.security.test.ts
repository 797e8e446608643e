import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jobsIdle } from '../../test/jobs.testing.ts';
import { codeIn } from '../../test/smtp-receiver.ts';
import { OTP_MAX_RESENDS, OTP_MAX_RESENDS_PER_HOUR } from './login.service.ts';
import { body, confirm, post, startLogin } from './security.helpers.ts';

/** docs/security.md item 40: resending the mailed code (items 5-7 in otp.security.test.ts). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('item 40: resending the code', () => {
  it('item 40: 25 chained resends mail 3 codes; the 4th on gets 429 otp_resend_limit, the last code still works', async () => {
    const a = await t.createAdmin();
    const first = await startLogin(t, a.email);
    const since = t.smtp.mails.length;
    let challengeId = first.challengeId;
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await post(t, '/auth/resendotp', { challengeId });
      answers.push(res.statusCode);
      if (res.statusCode === 200) challengeId = res.json().challengeId as string;
      else {
        expect(body(res).code).toBe('otp_resend_limit');
        expect(body(res).message).toMatch(/Sign in again/);
      }
    }
    expect(answers).toEqual([200, 200, 200, ...new Array(22).fill(429)]);
    await jobsIdle(t.app);
    const mails = t.smtp.mails.slice(since).filter((m) => m.to.includes(a.email.toLowerCase()));
    expect(mails).toHaveLength(OTP_MAX_RESENDS);
    // The refused resends left the last challenge alive: its code signs in.
    expect((await confirm(t, challengeId, codeIn(mails.at(-1)!))).statusCode).toBe(200);
  });

  it('item 40: at most 10 resends per account in an hour, over several sign-ins', async () => {
    const a = await t.createAdmin();
    const since = t.smtp.mails.length;
    const answers: number[] = [];
    for (let signIn = 0; signIn < 4; signIn++) {
      let { challengeId } = await startLogin(t, a.email);
      for (let i = 0; i < OTP_MAX_RESENDS; i++) {
        const res = await post(t, '/auth/resendotp', { challengeId });
        answers.push(res.statusCode);
        if (res.statusCode !== 200) {
          expect(body(res).code).toBe('otp_resend_limit');
          break;
        }
        challengeId = res.json().challengeId as string;
      }
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(OTP_MAX_RESENDS_PER_HOUR);
    expect(answers.at(-1)).toBe(429);
    await jobsIdle(t.app);
    // 4 sign-ins and 10 resends mailed, nothing more.
    const mails = t.smtp.mails.slice(since).filter((m) => m.to.includes(a.email.toLowerCase()));
    expect(mails).toHaveLength(4 + OTP_MAX_RESENDS_PER_HOUR);
    // An hour later a resend is allowed again.
    t.clock.advance(61 * 60_000);
    const fresh = await startLogin(t, a.email);
    expect((await post(t, '/auth/resendotp', { challengeId: fresh.challengeId })).statusCode).toBe(
      200,
    );
  });
});
