import { confirmOtpBody, loginBody } from '@bo/contract/auth';
import { describe, expect, it } from 'vitest';
import { validateWith } from '../../../lib/form.ts';
import { validateCredentials, validateOtp } from './sign-in-rules.ts';

/** The hand-written sign-in checks answer what the contract's schemas answer, word for word. */
describe('sign-in rules mirror the contract', () => {
  const emails = [
    '',
    '   ',
    'admin@example.com',
    '  Admin@Example.COM  ',
    'not-an-email',
    'a@b',
    'a@b.c',
    'a..b@example.com',
    '.a@example.com',
    'a@-example.com',
    "o'neil+tag@example.co.uk",
    'bad\u0001@example.com',
    '\ud800@example.com',
    `${'a'.repeat(250)}@example.com`,
    'é@example.com',
  ];
  const passwords = ['', ' ', 'secret', 'x'.repeat(1024), 'x'.repeat(1025), 'tab\there', '\udc00'];

  it('e-mail and password, as loginBody', () => {
    const contract = validateWith(loginBody);
    for (const email of emails) {
      for (const password of passwords) {
        const values = { email, password };
        expect(validateCredentials(values), JSON.stringify(values)).toEqual(contract(values));
      }
    }
  });

  it('the code, as confirmOtpBody', () => {
    const contract = validateWith(confirmOtpBody.pick({ otp: true }));
    for (const otp of ['', ' ', '123456', '12345', '1234567', '12a456', ' 123456', '١٢٣٤٥٦']) {
      expect(validateOtp({ otp }), otp).toEqual(contract({ otp }));
    }
  });
});
