import { made, post, type Samples, unique, type World } from './kit.ts';

const makeView = (w: World) =>
  made<{ id: number }>(
    w,
    post(
      '/saved-views/create',
      { list: 'books', name: unique('View'), query: 'status=active' },
      w.token,
    ),
  );

/** The list tables' saved views. */
export const savedViewsSamples = {
  createSavedView: async (w) =>
    post(
      '/saved-views/create',
      { list: 'questions', name: unique('View'), query: 'q=cell' },
      w.token,
    ),
  updateSavedView: async (w) =>
    post('/saved-views/update', { id: (await makeView(w)).id, shared: true }, w.token),
  deleteSavedView: async (w) =>
    post('/saved-views/delete', { id: (await makeView(w)).id }, w.token),
} satisfies Samples;
