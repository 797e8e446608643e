/**
 * Where to go after sign-in: only a path inside this app. Anything else
 * (`//evil.example`, `https://…`, `/\evil`) would make /login an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?')) return '/';
  return next;
}

/** /login, remembering the wanted page unless it is the home page. */
export function loginPathFor(wanted: string): string {
  const next = safeNextPath(wanted);
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
