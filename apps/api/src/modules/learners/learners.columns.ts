import type { XlsxColumn } from '../../lib/xlsx/export.ts';

/**
 * A learner's columns in a downloaded file, the same in the learners list's
 * download and in the learners report's: one order, one set of headers, so
 * a sheet from either reads alike (the name first, as the list's download
 * has always had it). The list adds its bound-device count.
 */
export const LEARNER_COLUMNS: XlsxColumn<unknown>[] = [
  { header: 'Name', key: 'name', width: 28 },
  { header: 'E-mail', key: 'email', width: 28 },
  { header: 'Phone', key: 'phone', width: 16 },
  { header: 'Grade', key: 'gradeName', width: 12 },
  { header: 'School', key: 'school', width: 28 },
  { header: 'City', key: 'city', width: 16 },
  { header: 'State', key: 'state', width: 16 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Registered', key: 'registeredAt', width: 24 },
  { header: 'Last active', key: 'lastActiveAt', width: 24 },
  { header: 'ID', key: 'id', width: 10 },
];
