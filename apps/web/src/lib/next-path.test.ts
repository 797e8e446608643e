import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps paths of this app, with their query', () => {
    expect(safeNextPath('/admins?status=invited')).toBe('/admins?status=invited');
  });

  it.each([null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login'])(
    'sends %s home',
    (next) => expect(safeNextPath(next)).toBe('/'),
  );
});

describe('loginPathFor', () => {
  it('remembers the wanted page', () => {
    expect(loginPathFor('/audit?page=2')).toBe('/login?next=%2Faudit%3Fpage%3D2');
    expect(loginPathFor('/')).toBe('/login');
  });
});
