import type { ApiError } from './api-error.ts';

/**
 * A save that got no answer (the network failed, or the time-out passed)
 * waits for the person instead of failing at once: the app shows what was
 * not sent with "Try again" (which sends the same request again, so the
 * screen carries on as if it had worked the first time) and a close button
 * (which gives the failure to the screen, values untouched). Reads are not
 * held: their screens show the failure with their own "Try again".
 */
export interface NoAnswer {
  /** What was not sent, in words ("Save a new template"). */
  what: string;
  /** Why: no connection, or no answer in time. */
  message: string;
  retry: () => void;
  giveUp: () => void;
}

let show: ((failure: NoAnswer) => void) | null = null;

/** The signed-in layout registers here (`null` when it goes). */
export function onNoAnswer(handler: ((failure: NoAnswer) => void) | null): void {
  show = handler;
}

export function canAskToTryAgain(): boolean {
  return show !== null;
}

/** Resolves when the person asks to try again; rejects with `error` when they close the notice. */
export function askToTryAgain(what: string, error: ApiError): Promise<void> {
  const ask = show;
  if (!ask) return Promise.reject(error);
  return new Promise((resolve, reject) =>
    ask({ what, message: error.message, retry: resolve, giveUp: () => reject(error) }),
  );
}
