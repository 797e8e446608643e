import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The push settings of the environment (config.ts parses and defaults them). */
export interface FcmEnv {
  PUSH_PROVIDER: string;
  FCM_SERVICE_ACCOUNT_FILE?: string | undefined;
  FCM_PROJECT_ID?: string | undefined;
  FCM_TOKEN_URI?: string | undefined;
  FCM_API_BASE: string;
}

/** Firebase Cloud Messaging (HTTP v1) from a service-account key file. */
export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  /** PEM. */
  privateKey: string;
  tokenUri: string;
  /** https://fcm.googleapis.com, or a local server in tests. */
  apiBase: string;
}

/**
 * FCM's settings when push goes through it: the service account's key file
 * read and checked at start, so a wrong key stops the server with the reason
 * instead of failing at the first notification.
 */
export function fcmConfig(e: FcmEnv, base: string): FcmConfig | undefined {
  if (e.PUSH_PROVIDER !== 'fcm') return undefined;
  const fail = (why: string) => {
    throw new Error(`Invalid configuration:\n  ${why}`);
  };
  if (!e.FCM_SERVICE_ACCOUNT_FILE)
    fail('PUSH_PROVIDER=fcm needs FCM_SERVICE_ACCOUNT_FILE (the service account JSON key)');
  let account: Record<string, string> = {};
  try {
    account = JSON.parse(readFileSync(path.resolve(base, e.FCM_SERVICE_ACCOUNT_FILE!), 'utf8'));
  } catch (err) {
    fail(`FCM_SERVICE_ACCOUNT_FILE could not be read as JSON: ${(err as Error).message}`);
  }
  const projectId = e.FCM_PROJECT_ID ?? account.project_id;
  if (!projectId || !account.client_email || !account.private_key)
    fail('the FCM service account needs project_id, client_email and private_key');
  return {
    projectId: projectId!,
    clientEmail: account.client_email!,
    privateKey: account.private_key!,
    tokenUri: e.FCM_TOKEN_URI ?? account.token_uri ?? 'https://oauth2.googleapis.com/token',
    apiBase: e.FCM_API_BASE.replace(/\/+$/, ''),
  };
}
