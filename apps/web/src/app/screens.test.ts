import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';
import { matchesPattern, PROFILE_SCREEN } from './screens.ts';
import { signedInRoutes, signedInScreenAt } from './signed-in-routes.tsx';

const area = (path: string) => AREAS.find((a) => a.path === path)!;

describe('matchesPattern', () => {
  it('matches segment by segment, a :name standing for any one segment', () => {
    expect(matchesPattern('/books/:id', '/books/12')).toBe(true);
    expect(matchesPattern('/books/:id', '/books/12/')).toBe(true);
    expect(matchesPattern('/books/:id', '/books')).toBe(false);
    expect(matchesPattern('/books', '/books/12')).toBe(false);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/', '/books')).toBe(false);
  });
});

describe('signedInScreenAt', () => {
  it("finds the area's screen or page the router will show first", () => {
    const books = area('/books');
    expect(signedInScreenAt('/')?.load).toBe(area('/').load);
    expect(signedInScreenAt('/books')?.load).toBe(books.load);
    expect(signedInScreenAt('/books/3')?.load).toBe(books.pages![0]!.load);
    expect(signedInScreenAt('/profile')?.load).toBe(PROFILE_SCREEN.load);
  });

  it('finds nothing for an unknown path (the not-found page is in the app)', () => {
    expect(signedInScreenAt('/no/such/page')).toBeUndefined();
  });
});

describe('signedInRoutes', () => {
  it('has a route per area, the profile and the not-found catch-all last', () => {
    const routes = signedInRoutes();
    expect(routes).toHaveLength(AREAS.length + 2);
    expect(routes.at(-1)?.path).toBe('*');
    expect(routes.find((r) => r.path === 'profile')?.lazy).toBe(PROFILE_SCREEN.load);
  });
});
