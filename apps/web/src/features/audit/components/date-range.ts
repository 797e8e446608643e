/**
 * The audit filter keeps instants (ISO with offset, as the contract wants) in
 * the URL, while the inputs show local calendar days.
 */
export function dayOf(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight at the start of `day` (YYYY-MM-DD), or the last millisecond of it. */
export function instantOf(day: string, edge: 'start' | 'end'): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = edge === 'start' ? new Date(y, mo, d) : new Date(y, mo, d, 23, 59, 59, 999);
  return date.toISOString();
}
