import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * argon2id with OWASP's second configuration (m=19 MiB, t=2, p=1): above the
 * ASVS floor, about 30 ms here. Algorithm 2 is argon2id in @node-rs/argon2.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Verified against unknown e-mails so that they take as long as a wrong
 * password (no account enumeration by timing).
 */
let dummy: Promise<string> | undefined;
export async function burnPasswordTime(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummy, password);
}

const COMMON = new Set((dictionary.passwords as string[]).slice(0, 3000));

/** The 3,000 most common passwords are refused (compared case-insensitively). */
export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
