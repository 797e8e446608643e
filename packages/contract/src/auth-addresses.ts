import type { authRoutes } from './auth.ts';
import type { RouteAddress } from './route.ts';

type AuthRoutes = typeof authRoutes;

const address = <K extends keyof AuthRoutes>(
  method: AuthRoutes[K]['method'],
  path: AuthRoutes[K]['path'],
): RouteAddress<AuthRoutes[K]> => ({ method, path });

/**
 * The sign-in screen's routes as addresses (method and path, no schemas), so
 * the first screen a visitor opens does not download zod. Each is the same
 * route as in `authRoutes`, which stays the one definition: the type check
 * refuses an address whose method or path differs from its route's.
 */
export const authAddresses = {
  login: address<'login'>('POST', '/auth/login'),
  confirmOtp: address<'confirmOtp'>('POST', '/auth/confirmotp'),
  resendOtp: address<'resendOtp'>('POST', '/auth/resendotp'),
  refresh: address<'refresh'>('POST', '/auth/refresh'),
  me: address<'me'>('GET', '/auth/me'),
  setupStatus: address<'setupStatus'>('GET', '/auth/setup'),
};
