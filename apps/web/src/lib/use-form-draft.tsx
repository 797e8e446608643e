import { Alert, Button, Group, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useEffect, useState } from 'react';
import { formatDateTime } from './format-date.ts';
import { useMe } from './session.ts';

/**
 * Unsaved values kept in this browser, for every editor on `useForm`: while
 * the form has changes they are written to localStorage under the signed-in
 * admin and the edited object (`bo-draft:<admin id>:<object>`), so an editor
 * closed, reloaded or left when its session ended offers them back when it
 * opens again. They go once saved (`saved()`) or discarded in the offer.
 * Another admin on the same browser never sees them.
 */
interface Draft {
  at: number;
  values: unknown;
}

const PREFIX = 'bo-draft:';

function read(key: string): Draft | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as Draft | null;
    return parsed && typeof parsed.at === 'number' && parsed.values ? parsed : null;
  } catch {
    return null;
  }
}

function forget(key: string | null) {
  if (key) localStorage.removeItem(key);
}

/** The same fields as the form has now: a draft from an older form's shape is not offered. */
const sameShape = (a: unknown, b: unknown) =>
  typeof a === 'object' &&
  a !== null &&
  typeof b === 'object' &&
  b !== null &&
  Object.keys(a).sort().join() === Object.keys(b).sort().join();

/**
 * `object` names what is edited (`question:new`, `book:12`); `what` says it
 * in the offer ("this question"). Render `offer` above the form and call
 * `saved()` once the server has taken the values.
 */
export function useFormDraft<V>(
  form: UseFormReturnType<V>,
  object: string,
  what: string,
): { offer: ReactNode; saved: () => void } {
  const adminId = useMe().data?.id;
  const key = adminId === undefined ? null : `${PREFIX}${adminId}:${object}`;
  const [offered, setOffered] = useState<{ key: string; draft: Draft } | null>(null);

  // On opening (and for each new object): the draft left last time, if it
  // differs. Once per object: a restored draft is not offered again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per object, not per form render
  useEffect(() => {
    if (!key) return;
    const draft = read(key);
    const initial = form.getInitialValues();
    if (!draft || !sameShape(draft.values, initial)) return;
    if (JSON.stringify(draft.values) === JSON.stringify(initial)) return forget(key);
    setOffered({ key, draft });
  }, [key]);

  const values = JSON.stringify(form.getValues());
  // biome-ignore lint/correctness/useExhaustiveDependencies: written when the values change
  useEffect(() => {
    // Untouched, or just saved: nothing to keep (and a draft on offer stays on offer).
    if (!key || !form.isDirty()) return;
    try {
      localStorage.setItem(key, JSON.stringify({ at: Date.now(), values: JSON.parse(values) }));
    } catch {
      // A full or blocked localStorage keeps nothing; the editor works as before.
    }
  }, [key, values]);

  const restore = (draft: Draft) => {
    form.setValues(draft.values as Partial<V>);
    setOffered(null);
  };
  const discard = () => {
    forget(offered?.key ?? null);
    setOffered(null);
  };

  const offer = offered && offered.key === key && (
    <Alert color="blue" title="Unsaved changes were kept" mb="md" data-testid="draft-offer">
      <Text fz="sm">
        {`You left ${what} on ${formatDateTime(new Date(offered.draft.at).toISOString())} with changes that were not saved.`}
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={() => restore(offered.draft)}>
          Restore them
        </Button>
        <Button size="xs" variant="default" onClick={discard}>
          Discard them
        </Button>
      </Group>
    </Alert>
  );

  return {
    offer,
    saved: () => {
      forget(key);
      setOffered(null);
    },
  };
}
