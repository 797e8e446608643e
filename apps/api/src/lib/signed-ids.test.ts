import { describe, expect, it } from 'vitest';
import { hmac } from './secrets.ts';
import { readSignedIds, signIds } from './signed-ids.ts';

const secret = new TextEncoder().encode('a secret of the server, for the test');

describe('signed ids', () => {
  it('keeps the format of links already sent: ids, then the mac of purpose:ids[:bound]', () => {
    const mac = hmac(secret, 'mail-unsubscribe:12:34').slice(0, 32);
    expect(signIds(secret, 'mail-unsubscribe', [12, 34])).toBe(`12-34-${mac}`);
    const click = hmac(secret, 'mail-click:7:https://example.test/a').slice(0, 32);
    expect(signIds(secret, 'mail-click', [7], 'https://example.test/a')).toBe(`7-${click}`);
  });

  it('reads back its ids, and nothing from a token changed, signed otherwise or of another shape', () => {
    const token = signIds(secret, 'mail-open', [99]);
    expect(readSignedIds(secret, 'mail-open', token, 1)).toEqual([99]);
    const [, mac] = token.split('-');
    for (const bad of [
      `98-${mac}`,
      `99-${mac!.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`,
      `99-1-${mac}`,
      `99-${mac}-`,
      `x-${mac}`,
      mac!,
      '',
    ])
      expect(readSignedIds(secret, 'mail-open', bad, 1)).toBeNull();
    expect(readSignedIds(secret, 'mail-click', token, 1)).toBeNull();
    expect(readSignedIds(new TextEncoder().encode('another'), 'mail-open', token, 1)).toBeNull();
    const click = signIds(secret, 'mail-click', [5], 'https://example.test/a');
    expect(readSignedIds(secret, 'mail-click', click, 1, 'https://example.test/a')).toEqual([5]);
    expect(readSignedIds(secret, 'mail-click', click, 1, 'https://example.test/b')).toBeNull();
  });
});
