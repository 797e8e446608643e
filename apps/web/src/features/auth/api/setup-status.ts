import { authAddresses } from '@bo/contract/auth-addresses';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /auth/setup: whether the first super admin still has to be created. */
export const getSetupStatus = (signal?: AbortSignal) =>
  apiCall(authAddresses.setupStatus, { signal });

export function useSetupStatus() {
  return useQuery({
    queryKey: ['auth', 'setup-status'],
    queryFn: ({ signal }) => getSetupStatus(signal),
  });
}
