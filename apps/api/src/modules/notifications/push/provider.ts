import type { Config } from '../../../config.ts';
import { FcmProvider } from './fcm.ts';

/** One push message to one device token. */
export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** An absolute http(s) address the device can load, if any. */
  imageUrl: string | null;
  /** Strings only (FCM's rule): what the app needs to open the right screen. */
  data: Record<string, string>;
}

/**
 * What the provider said about one token: `sent` (with the provider's message
 * name), `invalid` (the token is dead: drop it), `failed` (gave up after
 * retries; the token stays).
 */
export interface PushResult {
  outcome: 'sent' | 'invalid' | 'failed';
  detail: string | null;
}

export interface PushProvider {
  readonly name: string;
  send(message: PushMessage, signal?: AbortSignal): Promise<PushResult>;
}

/**
 * The provider chosen by PUSH_PROVIDER: `none` (the in-app inbox only) or
 * `fcm` (Firebase Cloud Messaging, HTTP v1). One instance per process, so the
 * access token is shared by every job.
 */
let cached: { config: Config['push']; provider: PushProvider | null } | null = null;

export function pushProvider(config: Config): PushProvider | null {
  if (cached?.config === config.push) return cached.provider;
  const provider = config.push.provider === 'fcm' ? new FcmProvider(config.push.fcm!) : null;
  cached = { config: config.push, provider };
  return provider;
}
