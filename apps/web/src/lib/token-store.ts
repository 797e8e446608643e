/**
 * The session as the spec keeps it: localStorage key `token`, JSON
 * `{ access, refresh }`, both empty strings when signed out. Signing out
 * writes empty strings rather than removing the key, as the spec describes.
 */
export interface SessionToken {
  access: string;
  refresh: string;
}

export const TOKEN_KEY = 'token';
const SIGNED_OUT: SessionToken = { access: '', refresh: '' };

export function readToken(): SessionToken {
  try {
    const raw = localStorage.getItem(TOKEN_KEY);
    if (!raw) return { ...SIGNED_OUT };
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return { ...SIGNED_OUT };
    const { access, refresh } = parsed as Record<string, unknown>;
    return {
      access: typeof access === 'string' ? access : '',
      refresh: typeof refresh === 'string' ? refresh : '',
    };
  } catch {
    // A hand-edited or corrupt value counts as signed out rather than crashing the app.
    return { ...SIGNED_OUT };
  }
}

export function saveToken(token: SessionToken): void {
  localStorage.setItem(TOKEN_KEY, JSON.stringify(token));
}

export function clearToken(): void {
  saveToken(SIGNED_OUT);
}

export function hasSession(): boolean {
  return readToken().access !== '';
}
