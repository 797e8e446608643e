import { z } from 'zod';
import { adminStatusSchema, roleSchema } from './auth.ts';
import {
  emailSchema,
  idBody,
  idSchema,
  listQuery,
  nameSchema,
  okSchema,
  paginated,
  phoneSchema,
  timestampSchema,
} from './common.ts';
import { moduleKeySchema, moduleSchema } from './modules.ts';
import { defineRoutes } from './route.ts';

export const adminSchema = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  status: adminStatusSchema,
  modules: z.array(moduleKeySchema),
  lastLoginAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type Admin = z.infer<typeof adminSchema>;

export const adminListQuery = listQuery(['name', 'email', 'createdAt', 'lastLoginAt']).extend({
  status: adminStatusSchema.optional(),
  role: roleSchema.optional(),
});

const modulesField = z.array(moduleKeySchema).max(50).default([]);

export const createAdminBody = z.object({
  email: emailSchema,
  name: nameSchema,
  phone: phoneSchema.optional(),
  role: roleSchema.default('admin'),
  modules: modulesField,
});
export type CreateAdminBody = z.input<typeof createAdminBody>;

/**
 * Unknown keys are stripped, so a request smuggling `passwordHash` or
 * `modules` changes nothing (modules change through updatemodules only).
 */
export const editAdminBody = z.object({
  id: idSchema,
  name: nameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  role: roleSchema.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export type EditAdminBody = z.input<typeof editAdminBody>;

export const updateModulesBody = z.object({ id: idSchema, modules: modulesField });

export const adminRoutes = defineRoutes({
  listAdmins: {
    method: 'GET',
    path: '/user/listofadmin',
    access: 'admins',
    tag: 'admins',
    spec: true,
    summary: 'Admins, searchable by name or e-mail',
    query: adminListQuery,
    response: paginated(adminSchema),
  },
  createAdmin: {
    method: 'POST',
    audit: 'self',
    path: '/manage/createadminuser',
    access: 'admins',
    tag: 'admins',
    spec: true,
    summary: 'Create an admin and mail an invitation to set a password',
    body: createAdminBody,
    response: adminSchema,
  },
  editAdmin: {
    method: 'POST',
    audit: 'self',
    path: '/user/edituser',
    access: 'admins',
    tag: 'admins',
    spec: true,
    summary: 'Edit name, phone, role or status of an admin (disabling revokes sessions)',
    body: editAdminBody,
    response: adminSchema,
  },
  deleteAdmin: {
    method: 'POST',
    audit: 'self',
    path: '/manage/deleteadminuser',
    access: 'admins',
    tag: 'admins',
    spec: true,
    summary: 'Delete an admin (never oneself, never the last super admin)',
    body: idBody,
    response: okSchema,
  },
  resendInvite: {
    method: 'POST',
    audit: 'self',
    path: '/manage/resendinvite',
    access: 'admins',
    tag: 'admins',
    summary: 'Mail a new invitation link to an admin who has not set a password yet',
    body: idBody,
    response: okSchema,
  },
  listModules: {
    method: 'GET',
    path: '/modules/listofmodules',
    access: 'admins',
    tag: 'admins',
    spec: true,
    summary: 'The catalogue of modules',
    response: z.object({ items: z.array(moduleSchema) }),
  },
  updateModules: {
    method: 'POST',
    audit: 'self',
    path: '/manage/updatemodules',
    access: 'admins',
    tag: 'admins',
    spec: true,
    summary: "Replace an admin's set of modules",
    body: updateModulesBody,
    response: adminSchema,
  },
});
