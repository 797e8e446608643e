import type { AuditEntry, AuditTarget } from '@bo/contract';
import { auditEntityLabel } from '@bo/contract/audit-actions';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

const query = (params: Record<string, string | number | undefined>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, String(v));
  return qs.toString();
};

/**
 * The screen each kind of audited thing lives on, built from the ids the API
 * looked up; kinds absent here (sign-ins, files, whole imports) have none.
 */
const SCREENS: Record<string, (t: AuditTarget) => string | null> = {
  admin: (t) => (t.search ? `/admins?${query({ q: t.search })}` : null),
  book: (t) => (t.bookId ? `/books/${t.bookId}` : null),
  toc_node: (t) => (t.bookId ? `/books/${t.bookId}` : null),
  content_item: (t) => (t.bookId ? `/books/${t.bookId}` : null),
  grade: (t) => `/curriculum?${query({ grade: t.gradeId })}`,
  subject: (t) => `/curriculum?${query({ grade: t.gradeId, subject: t.subjectId })}`,
  chapter: (t) =>
    `/curriculum?${query({ grade: t.gradeId, subject: t.subjectId, chapter: t.chapterId })}`,
  topic: (t) =>
    `/curriculum?${query({ grade: t.gradeId, subject: t.subjectId, chapter: t.chapterId })}`,
  video: (t) => `/media?${query({ kind: 'video', q: t.search })}`,
  audio: (t) => `/media?${query({ kind: 'audio', q: t.search })}`,
};

export function targetPath(entity: string, target: AuditTarget | null): string | null {
  if (!target?.exists) return null;
  return SCREENS[entity]?.(target) ?? null;
}

/** "Book: Science 1" linked to the book while it exists; "(removed)" once it is gone. */
export function AuditTargetCell({ entry }: { entry: AuditEntry }) {
  const kind = auditEntityLabel(entry.entity);
  const { target } = entry;
  // A number names a row to an administrator ("#42"); a session's or file's
  // UUID does not, so it is only in the tooltip.
  const id = entry.entityId;
  const name = target?.name ?? (id && /^\d+$/.test(id) ? `#${id}` : null);
  if (!name)
    return (
      <Text fz="sm" title={id ?? undefined}>
        {kind}
      </Text>
    );
  const path = targetPath(entry.entity, target);
  return (
    <Text fz="sm" lineClamp={2}>
      {kind}:{' '}
      {path ? (
        <Anchor component={Link} to={path} fz="sm">
          {name}
        </Anchor>
      ) : (
        <>
          {name}
          {target && !target.exists && (
            <Text span c="dimmed" fz="sm">
              {' '}
              (removed)
            </Text>
          )}
        </>
      )}
    </Text>
  );
}
