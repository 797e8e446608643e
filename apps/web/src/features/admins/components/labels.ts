import type { Admin } from '@bo/contract';

/** How roles and statuses read on screen, with their badge colours. */
export const ROLE_LABEL: Record<Admin['role'], string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
};

export const STATUS_LABEL: Record<Admin['status'], string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
};

export const STATUS_COLOR: Record<Admin['status'], string> = {
  active: 'teal',
  invited: 'yellow',
  disabled: 'gray',
};
