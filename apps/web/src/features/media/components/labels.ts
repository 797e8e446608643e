import type { MediaKind, MediaSource, MediaStatus } from '@bo/contract';

export const KIND_LABEL: Record<MediaKind, { one: string; many: string }> = {
  video: { one: 'video', many: 'Videos' },
  audio: { one: 'audio', many: 'Audios' },
};
export const STATUS_LABEL: Record<MediaStatus, string> = { active: 'Active', inactive: 'Inactive' };
export const SOURCE_LABEL: Record<MediaSource, string> = { upload: 'Uploaded', url: 'Link' };
export const statusOptions = Object.entries(STATUS_LABEL).map(([value, label]) => ({
  value: value as MediaStatus,
  label,
}));
export const sourceOptions = Object.entries(SOURCE_LABEL).map(([value, label]) => ({
  value: value as MediaSource,
  label,
}));

/** 75 → "1:15", 3725 → "1:02:05"; null → "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
