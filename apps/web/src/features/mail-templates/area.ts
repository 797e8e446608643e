import { IconTemplate } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const mailTemplatesArea: Area = {
  label: 'Mail templates',
  path: '/mail-templates',
  icon: IconTemplate,
  access: 'mail',
  description:
    'E-mail templates with learner variables and images, previewed as learners see them.',
  load: screen(() => import('./routes/templates-page.tsx').then((m) => m.TemplatesPage)),
  pages: [
    {
      path: ':id',
      crumb: 'Template',
      load: screen(() =>
        import('./routes/template-editor-page.tsx').then((m) => m.TemplateEditorPage),
      ),
    },
  ],
};
