// No zod here: the web's first screens import these (menus, the session's
// checks) and must not bring the schema library with them.

/**
 * The fixed catalogue of modules (docs/domain.md, Access). Each API route belongs to
 * one; an admin holds a set of them, a super admin holds all.
 */
export const MODULES = [
  { key: 'dashboard', name: 'Dashboard' },
  { key: 'books', name: 'Books' },
  { key: 'curriculum', name: 'Curriculum' },
  { key: 'qr_codes', name: 'QR codes' },
  { key: 'questions', name: 'Question bank' },
  { key: 'practices', name: 'Practices' },
  { key: 'mock_tests', name: 'Mock tests' },
  { key: 'diagnostic_tests', name: 'Diagnostic tests' },
  { key: 'promotional', name: 'Promotional' },
  { key: 'free_content', name: 'Free content' },
  { key: 'media', name: 'Media library' },
  { key: 'learners', name: 'Learners' },
  { key: 'admins', name: 'Admins' },
  { key: 'popups', name: 'Pop-ups' },
  { key: 'notifications', name: 'Notifications' },
  { key: 'mail', name: 'Mail' },
  { key: 'reports', name: 'Reports' },
  { key: 'contact_us', name: 'Contact messages' },
] as const;

export type ModuleKey = (typeof MODULES)[number]['key'];
export const MODULE_KEYS = MODULES.map((m) => m.key) as [ModuleKey, ...ModuleKey[]];
/**
 * Who may call a route: anyone (`public`), any signed-in admin (`session`),
 * super admins only (`super_admin`), holders of a module (or of any one of
 * a list of modules), or the learner app with one of its keys
 * (`learner_app`: never an admin's token).
 */
export type Access =
  | 'public'
  | 'learner_app'
  | 'session'
  | 'super_admin'
  | ModuleKey
  | readonly [ModuleKey, ...ModuleKey[]];

/**
 * The modules that open a route guarded by `access` (any one of them is
 * enough), or null when no module is involved. A list serves shared reads:
 * the curriculum masters feed the selects of the books and media screens.
 */
export function accessModules(access: Access): readonly ModuleKey[] | null {
  if (
    access === 'public' ||
    access === 'learner_app' ||
    access === 'session' ||
    access === 'super_admin'
  )
    return null;
  return typeof access === 'string' ? [access] : access;
}

/** How an access rule reads in the API docs and in messages. */
export function describeAccess(access: Access): string {
  return typeof access === 'string' ? access : access.join(' | ');
}

/** The one rule, used by the API's guard and by the web app's menus. */
export function allows(
  admin: { role: string; modules: readonly string[] },
  access: Access,
): boolean {
  if (access === 'public' || access === 'session') return true;
  // The learner app's routes take its key, which no admin holds.
  if (access === 'learner_app') return false;
  if (admin.role === 'super_admin') return true;
  if (access === 'super_admin') return false;
  return (accessModules(access) ?? []).some((m) => admin.modules.includes(m));
}

/** One other module whose object a route's change touches, and when. */
export interface CrossModuleNeed {
  module: ModuleKey;
  /** The body field that makes the change; absent: every call makes it. */
  field?: string;
  /** The change in an administrator's words, as the refusal says it. */
  what: string;
}

/**
 * The first of a route's cross-module needs that the admin does not meet,
 * given the fields the call sets (a field set to `undefined` is not set).
 */
export function unmetNeed(
  admin: { role: string; modules: readonly string[] },
  needs: readonly CrossModuleNeed[] | undefined,
  setFields: ReadonlySet<string>,
): CrossModuleNeed | null {
  for (const need of needs ?? []) {
    if (need.field !== undefined && !setFields.has(need.field)) continue;
    if (!allows(admin, need.module)) return need;
  }
  return null;
}
