import { okSchema, paginated } from './common.ts';
import {
  addFreeIsbnBody,
  appFreeBookSchema,
  appFreeContentQuery,
  cloneFreeTocBody,
  cloneFreeTocResponse,
  createFreeTocBody,
  deleteFreeIsbnBody,
  freeBookSchema,
  freeBooksQuery,
  freeNodeStatusBody,
  freeTocQuery,
  freeTocSchema,
  sampleBookSchema,
  sampleBooksQuery,
} from './free-content.ts';
import { LEARNER_APP_KEY_HEADER } from './learners-routes.ts';
import { defineRoutes } from './route.ts';

/** Free content's routes (shapes in free-content.ts): the spec's eight paths and the app's read. */
const common = { access: 'free_content', tag: 'free_content' } as const;

export const freeContentRoutes = defineRoutes({
  addFreeIsbn: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/addfreeisbn',
    spec: true,
    summary:
      'Makes a whole book (by its main or an extra ISBN) free to every learner; 409 when it already is',
    body: addFreeIsbnBody,
    response: freeBookSchema,
  },
  listFreeIsbns: {
    ...common,
    method: 'GET',
    path: '/promotional/listoffreeisbn',
    spec: true,
    summary: 'Books free to every learner, newest first unless sorted',
    query: freeBooksQuery,
    response: paginated(freeBookSchema),
  },
  deleteFreeIsbn: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/deletefreeisbn',
    spec: true,
    summary: 'The book is no longer free as a whole (its free sample, if any, stays)',
    body: deleteFreeIsbnBody,
    response: okSchema,
  },
  createFreeToc: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/createfreetoc',
    spec: true,
    summary:
      "Sets a book's free sample to exactly the chosen TOC nodes (each opens everything under it); an empty list clears it",
    body: createFreeTocBody,
    response: freeTocSchema,
  },
  cloneFreeToc: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/createfreetocorclone',
    spec: true,
    summary:
      "Copies another book's free sample onto this one (replacing it), matching nodes by master chapter/topic, then by title; answers the nodes it could not match",
    body: cloneFreeTocBody,
    response: cloneFreeTocResponse,
  },
  getFreeToc: {
    ...common,
    method: 'GET',
    path: '/promotional/getfreetocbyisbn',
    spec: true,
    summary: "A book's TOC tree with each node's free flag (its own, or through its parent)",
    query: freeTocQuery,
    response: freeTocSchema,
  },
  updateFreeContentStatus: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/updatefreecontentstatus',
    spec: true,
    summary: "Switches one node's free sample on or off (its subtree opens or closes with it)",
    body: freeNodeStatusBody,
    response: freeTocSchema,
  },
  listSampleBooks: {
    ...common,
    method: 'GET',
    path: '/promotional/listofpromotionaltoc',
    spec: true,
    summary: 'Books with a free sample, with how many nodes are chosen',
    query: sampleBooksQuery,
    response: paginated(sampleBookSchema),
  },
  appFreeContent: {
    access: 'learner_app',
    tag: 'learner_app',
    method: 'GET',
    path: '/app/free-content',
    summary: `Free books and free samples for the learner app to cache, by pages of books; header ${LEARNER_APP_KEY_HEADER}`,
    query: appFreeContentQuery,
    response: paginated(appFreeBookSchema),
  },
});
