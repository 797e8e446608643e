import { z } from 'zod';

/**
 * The fixed catalogue of modules (DOMAIN.md, Access). Each API route belongs to
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
export const moduleKeySchema = z.enum(MODULE_KEYS);

export const moduleSchema = z.object({
  key: moduleKeySchema,
  name: z.string(),
  position: z.number().int(),
});
export type Module = z.infer<typeof moduleSchema>;

/**
 * Who may call a route: anyone (`public`), any signed-in admin (`session`),
 * super admins only (`super_admin`), or holders of one module.
 */
export type Access = 'public' | 'session' | 'super_admin' | ModuleKey;
