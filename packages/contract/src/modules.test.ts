import { describe, expect, it } from 'vitest';
import { accessModules, allows, describeAccess } from './modules.ts';

const admin = (modules: string[], role = 'admin') => ({ role, modules });

describe('allows: the one access rule of the API guard and the web menus', () => {
  it('lets anyone through public and session routes', () => {
    expect(allows(admin([]), 'public')).toBe(true);
    expect(allows(admin([]), 'session')).toBe(true);
  });

  it('keeps super_admin routes for super admins', () => {
    expect(allows(admin(['admins']), 'super_admin')).toBe(false);
    expect(allows(admin([], 'super_admin'), 'super_admin')).toBe(true);
  });

  it('opens a module route to holders of that module, and any route to a super admin', () => {
    expect(allows(admin(['books']), 'books')).toBe(true);
    expect(allows(admin(['media']), 'books')).toBe(false);
    expect(allows(admin([], 'super_admin'), 'books')).toBe(true);
  });

  it('opens a list route to holders of any one of its modules', () => {
    const access = ['curriculum', 'books'] as const;
    expect(allows(admin(['books']), access)).toBe(true);
    expect(allows(admin(['curriculum']), access)).toBe(true);
    expect(allows(admin(['media', 'learners']), access)).toBe(false);
    expect(accessModules(access)).toEqual(['curriculum', 'books']);
    expect(accessModules('session')).toBeNull();
    expect(describeAccess(access)).toBe('curriculum | books');
  });
});
