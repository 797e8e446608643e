import type { Access } from '@bo/contract';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { ScreenPrefetch } from './screen-prefetch.ts';

/** Loads a screen's code (its own chunk) for the router's `lazy`. */
export type ScreenLoad = () => Promise<{ Component: ComponentType }>;

/**
 * A screen's `load` from a dynamic import of its component:
 * `screen(() => import('./routes/books-page.tsx').then((m) => m.BooksPage))`.
 * The import stays literal, so the bundler makes the screen a chunk of its own.
 */
export const screen =
  (load: () => Promise<ComponentType>): ScreenLoad =>
  () =>
    load().then((Component) => ({ Component }));

/** A screen under an area's path (e.g. `:id`), with its breadcrumb. */
export interface AreaPage {
  /** Relative to the area's path; `:name` stands for one segment. */
  path: string;
  crumb: string;
  load: ScreenLoad;
  /** Starts the page's first reads with its route (lib/screen-prefetch.ts). */
  prefetch?: ScreenPrefetch;
}

/**
 * An area of the main layout, declared by its feature (`features/<f>/area.ts`)
 * and listed in sidebar order by app/areas.ts: the sidebar, the home cards,
 * the routes and their access checks are all built from that list. `access`
 * is the contract's rule for the area's API routes, so the sidebar never
 * shows a link the API would refuse.
 */
export interface Area {
  label: string;
  /** Absolute path of the area's main screen. */
  path: string;
  icon: Icon;
  access: Access;
  description: string;
  load: ScreenLoad;
  /** Starts the main screen's first reads with its route (lib/screen-prefetch.ts). */
  prefetch?: ScreenPrefetch;
  pages?: readonly AreaPage[];
}

/** What a route tells the shell: its breadcrumb, who may open it, and its first reads. */
export interface RouteHandle {
  crumb?: string;
  access?: Access;
  prefetch?: ScreenPrefetch;
  /**
   * A public screen the build draws as HTML into its page (app/drawn-screen.tsx):
   * only screens that look the same to every visitor, whatever the data.
   */
  drawn?: boolean;
}
