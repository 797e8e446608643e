import { ErrorCode } from '@bo/contract/error-codes';
import { useState } from 'react';
import { ApiError } from './api-error.ts';
import { useDownload } from './use-download.ts';

/** What the server said when some chosen questions do not travel in a format. */
export interface NotCarried {
  /** The format as the menu names it ("Sunbird QuML 1.1"). */
  format: string;
  /** The count, the kinds and what to do, in the server's words. */
  message: string;
  /** Each question left out, in words (the server names at most 100). */
  questions: string[];
  /** The same export, leaving them out. */
  withoutThem: () => Promise<void>;
}

export type TravelDownload = (leaveOut?: 'uncarried') => Promise<void>;

/** The two formats of content that travels, as both export menus offer them. */
export const TRAVEL_FORMATS = [
  { format: 'qti', label: 'QTI 3.0 package (ZIP)', name: 'a QTI 3.0 package' },
  { format: 'quml', label: 'Sunbird QuML 1.1 (JSON)', name: 'Sunbird QuML 1.1' },
] as const;

export type TravelExport = ReturnType<typeof useTravelExport>;

/**
 * An export of content that travels (QTI, QuML) started from a menu: busy
 * while the file comes, and when the server refuses it because some chosen
 * questions are of a kind the format does not carry (422
 * questions_not_carried, each named), `notCarried` holds what it said, for
 * a dialog to ask before anything is made; `exportWithoutThem` then asks
 * again leaving them out. Any other failure is a toast, as for a download.
 */
export function useTravelExport(failure: string) {
  const download = useDownload(failure);
  const [notCarried, setNotCarried] = useState<NotCarried | null>(null);

  const start = (format: string, run: TravelDownload) =>
    download.start(async () => {
      try {
        await run();
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== ErrorCode.questions_not_carried)
          throw error;
        setNotCarried({
          format,
          message: error.message,
          questions: error.details.map((d) => d.message),
          withoutThem: () => run('uncarried'),
        });
      }
    });

  // The dialog stays open on a failure (a toast says it), so it can be tried again.
  const exportWithoutThem = () =>
    download.start(async () => {
      if (!notCarried) return;
      await notCarried.withoutThem();
      setNotCarried(null);
    });

  return {
    busy: download.busy,
    start,
    notCarried,
    exportWithoutThem,
    dismiss: () => setNotCarried(null),
  };
}
