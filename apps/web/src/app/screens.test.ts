import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';
import {
  firstScreenLoads,
  loadMainLayout,
  matchesPattern,
  PROFILE_SCREEN,
  PUBLIC_SCREENS,
} from './screens.ts';

const area = (path: string) => AREAS.find((a) => a.path === path)!;
const login = PUBLIC_SCREENS.find((s) => s.path === '/login')!;

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

describe('firstScreenLoads', () => {
  it('loads only the screen for a public path, signed in or not', () => {
    for (const signedIn of [true, false]) {
      expect(firstScreenLoads('/login', signedIn)).toEqual([login.load]);
    }
  });

  it('loads the login screen for a guarded path without a session', () => {
    expect(firstScreenLoads('/books/3', false)).toEqual([login.load]);
  });

  it("loads the layout and the area's screen or page when signed in", () => {
    const books = area('/books');
    expect(firstScreenLoads('/', true)).toEqual([loadMainLayout, area('/').load]);
    expect(firstScreenLoads('/books', true)).toEqual([loadMainLayout, books.load]);
    expect(firstScreenLoads('/books/3', true)).toEqual([loadMainLayout, books.pages![0]!.load]);
    expect(firstScreenLoads('/profile', true)).toEqual([loadMainLayout, PROFILE_SCREEN.load]);
  });

  it('loads the layout alone for an unknown path (the not-found page is in the app)', () => {
    expect(firstScreenLoads('/no/such/page', true)).toEqual([loadMainLayout]);
  });
});
