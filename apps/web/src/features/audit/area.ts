import { IconHistory } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const auditArea: Area = {
  label: 'Audit log',
  path: '/audit',
  icon: IconHistory,
  access: 'super_admin',
  description: 'Every change: who made it, when, and what it looked like before and after.',
  load: screen(() => import('./routes/audit-page.tsx').then((m) => m.AuditPage)),
};
