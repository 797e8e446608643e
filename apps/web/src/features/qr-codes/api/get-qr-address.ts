import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { qrKeys } from './qr-keys.ts';

/** GET /book/qrcodeaddress: what printed codes open, and why they may not be made or printed. */
export function useQrAddress() {
  return useQuery({
    queryKey: qrKeys.address,
    queryFn: ({ signal }) => apiCall(qrCodeRoutes.qrCodeAddress, { signal }),
    // The server's configuration: it changes only with a restart.
    staleTime: 60_000,
  });
}
