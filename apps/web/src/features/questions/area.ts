import { IconListCheck } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

/**
 * /questions/new and /questions/:id: one editor screen. Its rich-text editor
 * (Tiptap, ProseMirror) is a chunk of its own that the screen loads lazily;
 * asking for it here too starts its download beside the screen's instead of
 * after the screen has rendered.
 */
const loadEditor = screen(() => {
  import('../../components/rich-text/rich-text-editor.tsx').catch(() => {}); // the screen retries
  return import('./routes/editor-page.tsx').then((m) => m.QuestionEditorPage);
});

export const questionsArea: Area = {
  label: 'Question bank',
  path: '/questions',
  icon: IconListCheck,
  access: 'questions',
  description: 'Questions with math and images: find, preview, import and export them.',
  load: screen(() => import('./routes/list-page.tsx').then((m) => m.QuestionsListPage)),
  // A small chunk of its own, so the read starts before the list's code has arrived.
  prefetch: (prefetch, params, search) =>
    void import('./api/list-questions.ts').then((m) =>
      m.prefetchQuestions(prefetch, params, search),
    ),
  pages: [
    { path: 'new', crumb: 'New question', load: loadEditor },
    { path: ':id', crumb: 'Question', load: loadEditor },
  ],
};
