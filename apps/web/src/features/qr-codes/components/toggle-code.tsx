import type { QrCode } from '@bo/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetQrCodeStatus } from '../api/set-qr-code-status.ts';

/** Disabling asks first (printed codes stop opening anything); enabling is immediate. */
export function useToggleCode() {
  const status = useSetQrCodeStatus();
  const enable = (code: QrCode) =>
    status.mutate(
      { id: code.id, enabled: true },
      {
        onSuccess: () => notifySuccess(`${code.code} is enabled`),
        onError: (e) => notifyError(e, 'Could not enable the code'),
      },
    );
  return { status, enable };
}

export function DisableCodeDialog({ code, onClose }: { code: QrCode; onClose: () => void }) {
  const status = useSetQrCodeStatus();
  return (
    <ConfirmDialog
      title={`Disable ${code.code}?`}
      confirmLabel="Disable"
      loading={status.isPending}
      onClose={onClose}
      onConfirm={() =>
        status.mutate(
          { id: code.id, enabled: false },
          {
            onSuccess: () => {
              notifySuccess(`${code.code} is disabled`);
              onClose();
            },
            onError: (e) => notifyError(e, 'Could not disable the code'),
          },
        )
      }
    >
      Scanning this printed code will show a “no longer in use” page until it is enabled again.
    </ConfirmDialog>
  );
}
