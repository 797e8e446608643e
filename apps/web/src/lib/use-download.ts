import { useState } from 'react';
import { notifyError } from './notify.ts';

/**
 * A download started from a button: `busy` while it runs (the button's
 * spinner), and a failure toasted under `failure` instead of thrown, since
 * no screen has anything else to do with it.
 */
export function useDownload(failure: string) {
  const [busy, setBusy] = useState(false);
  const start = async (download: () => Promise<void>) => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notifyError(error, failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}
