import { describe, expect, it } from 'vitest';
import { booksArea } from '../features/books/area.ts';
import { AREAS } from './areas.ts';
import { screenAt } from './first-screen.ts';
import { HOME_AREA } from './home-area.ts';
import { isPublicPath, PUBLIC_ROUTES } from './public-routes.ts';
import { loadProfile, signedInRoute, signedInRoutes } from './signed-in-routes.tsx';

const signedIn = () => [signedInRoute()];

describe('screenAt', () => {
  it("finds the area's screen or page the router will show first, with its parameters", () => {
    expect(screenAt(signedIn(), '/')?.load).toBe(HOME_AREA.load);
    expect(screenAt(signedIn(), '/books')?.load).toBe(booksArea.load);
    const book = screenAt(signedIn(), '/books/3/');
    expect(book?.load).toBe(booksArea.pages![0]!.load);
    expect(book?.params).toMatchObject({ id: '3' });
    expect(screenAt(signedIn(), '/profile')?.load).toBe(loadProfile);
  });

  it("hands over a page's first reads", () => {
    const builder = screenAt(signedIn(), '/practices/7');
    expect(builder?.prefetch).toBeTypeOf('function');
    expect(builder?.params).toMatchObject({ id: '7' });
  });

  it('finds the not-found page (nothing to load) for an unknown path', () => {
    const unknown = screenAt(signedIn(), '/no/such/page');
    expect(unknown).not.toBeNull();
    expect(unknown?.load).toBeUndefined();
  });

  it('finds the public screens, and nothing public for a signed-in path', () => {
    expect(screenAt(PUBLIC_ROUTES, '/invite')?.load).toBeTypeOf('function');
    expect(screenAt(PUBLIC_ROUTES, '/books')).toBeNull();
    expect(isPublicPath('/password/reset')).toBe(true);
    expect(isPublicPath('/404')).toBe(true);
    expect(isPublicPath('/books')).toBe(false);
  });
});

describe('signedInRoutes', () => {
  it('has a route per area, Home first, the profile and the not-found catch-all last', () => {
    const routes = signedInRoutes();
    expect(routes).toHaveLength(AREAS.length + 3);
    expect(routes[0]?.index).toBe(true);
    expect(routes.at(-1)?.path).toBe('*');
    expect(routes.find((r) => r.path === 'profile')?.lazy).toBe(loadProfile);
  });

  it('has no two areas on one path', () => {
    const paths = [HOME_AREA, ...AREAS].map((a) => a.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
