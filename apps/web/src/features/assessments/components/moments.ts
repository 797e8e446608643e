/** A video moment as typed and shown: m:ss.s ("1:02.5"), to a tenth of a second. */
export function formatMoment(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const m = Math.floor(tenths / 600);
  const s = (tenths % 600) / 10;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}

/** "1:02.5", "62.5" or "0:07" as seconds; null when it is not a moment. */
export function parseMoment(text: string): number | null {
  const m = /^\s*(?:(\d+):)?(\d+(?:\.\d)?)\s*$/.exec(text);
  if (!m) return null;
  const minutes = m[1] ? Number(m[1]) : 0;
  const seconds = Number(m[2]);
  if (m[1] && seconds >= 60) return null;
  return Math.round((minutes * 60 + seconds) * 10) / 10;
}
