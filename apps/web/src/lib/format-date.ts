/**
 * A timestamp from the API in the reader's locale and time zone; seconds only
 * where they matter (the audit trail, job runs). Missing: a dash.
 */
export function formatDateTime(
  iso: string | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString([], {
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  });
}
