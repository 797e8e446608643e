/** Who is acting, from where: handed by routes to services for audit and rules. */
export interface RequestContext {
  adminId: number | null;
  adminEmail: string | null;
  ip: string;
  requestId: string;
  userAgent: string | null;
}
