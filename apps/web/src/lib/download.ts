import type { RouteAddress, RouteDef } from '@bo/contract';
import { type CallInput, sendWithRefresh } from './api-client.ts';

const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Fetches a download route with the usual headers (and refresh) and saves the
 * answer under the name from Content-Disposition. A plain link cannot be used:
 * it would carry no bearer token.
 */
export async function downloadFile<R extends RouteDef>(
  route: R | RouteAddress<R>,
  input: CallInput<R> = {},
  fallbackName = 'download',
): Promise<void> {
  // A big export may stream for minutes: bounded, but not by a save's minute.
  const response = await sendWithRefresh(route, { timeoutMs: DOWNLOAD_TIMEOUT_MS, ...input });
  const blob = await response.blob();
  saveBlob(blob, fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName);
}

export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Malformed escape: fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
