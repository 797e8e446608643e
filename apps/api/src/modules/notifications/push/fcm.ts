import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { FcmConfig } from '../../../config.ts';
import type { PushMessage, PushProvider, PushResult } from './provider.ts';

/**
 * Firebase Cloud Messaging, HTTP v1 API. A service account signs a JWT
 * (RS256) that its token URI exchanges for an OAuth2 access token (grant
 * type jwt-bearer), kept until a minute before it expires; each message is
 * then `POST {base}/v1/projects/{project}/messages:send` with that bearer.
 * A token FCM reports dead (404 UNREGISTERED, 400 INVALID_ARGUMENT) is
 * `invalid`; 429 and 5xx are tried again with backoff, honouring
 * Retry-After; a 401 gets a fresh access token once.
 */

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ATTEMPTS = 4;

export class FcmProvider implements PushProvider {
  readonly name = 'fcm';
  private access: { token: string; until: number } | null = null;

  constructor(
    private readonly config: FcmConfig,
    private readonly now: () => number = Date.now,
    private readonly sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** The service account's key, parsed once. */
  private key: ReturnType<typeof createPrivateKey> | null = null;

  /** The signed assertion the token URI exchanges (RFC 7523), signed RS256 by jose. */
  assertion(): Promise<string> {
    this.key ??= createPrivateKey(this.config.privateKey);
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.config.clientEmail)
      .setAudience(this.config.tokenUri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(this.key);
  }

  /** One exchange at a time: the job's parallel senders wait for the same answer. */
  private exchanging: Promise<string> | null = null;

  private async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.access && this.access.until > this.now()) return this.access.token;
    this.exchanging ??= this.exchange(signal).finally(() => {
      this.exchanging = null;
    });
    return this.exchanging;
  }

  private async exchange(signal?: AbortSignal): Promise<string> {
    const res = await fetch(this.config.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: GRANT,
        assertion: await this.assertion(),
      }).toString(),
      signal,
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!res.ok || !body.access_token)
      throw new Error(
        `FCM refused the service account (${res.status}): ${body.error_description ?? 'no access token'}`,
      );
    const seconds = body.expires_in ?? 3600;
    this.access = { token: body.access_token, until: this.now() + (seconds - 60) * 1000 };
    return this.access.token;
  }

  async send(message: PushMessage, signal?: AbortSignal): Promise<PushResult> {
    const url = `${this.config.apiBase}/v1/projects/${encodeURIComponent(this.config.projectId)}/messages:send`;
    const payload = JSON.stringify({
      message: {
        token: message.token,
        notification: {
          title: message.title,
          body: message.body,
          ...(message.imageUrl ? { image: message.imageUrl } : {}),
        },
        data: message.data,
      },
    });
    let refreshed = false;
    let last = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await this.accessToken(signal)}`,
          'content-type': 'application/json; charset=utf-8',
        },
        body: payload,
        signal,
      });
      const body = (await res.json().catch(() => ({}))) as FcmAnswer;
      if (res.ok) return { outcome: 'sent', detail: body.name ?? null };
      last = `${res.status} ${fcmErrorCode(body) ?? body.error?.status ?? ''}`.trim();
      if (isDeadToken(res.status, body)) return { outcome: 'invalid', detail: last };
      if (res.status === 401 && !refreshed) {
        // The access token was revoked or expired early: one fresh exchange.
        this.access = null;
        refreshed = true;
        attempt--;
        continue;
      }
      if (res.status !== 429 && res.status < 500) return { outcome: 'failed', detail: last };
      if (attempt < ATTEMPTS)
        await this.sleep(retryDelayMs(res.headers.get('retry-after'), attempt));
    }
    return { outcome: 'failed', detail: last };
  }
}

interface FcmAnswer {
  name?: string;
  error?: { status?: string; details?: { '@type'?: string; errorCode?: string }[] };
}

const fcmErrorCode = (body: FcmAnswer) => body.error?.details?.find((d) => d.errorCode)?.errorCode;

/** FCM's words for a token that will never work again. */
function isDeadToken(status: number, body: FcmAnswer): boolean {
  const code = fcmErrorCode(body);
  if (status === 404 && (code === 'UNREGISTERED' || body.error?.status === 'NOT_FOUND'))
    return true;
  return (
    status === 400 && (code === 'INVALID_ARGUMENT' || body.error?.status === 'INVALID_ARGUMENT')
  );
}

/** Retry-After in seconds (or an HTTP date) when given, else 1 s, 2 s, 4 s…; at most a minute. */
export function retryDelayMs(retryAfter: string | null, attempt: number): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, 60_000);
  }
  return Math.min(1000 * 2 ** (attempt - 1), 60_000);
}
