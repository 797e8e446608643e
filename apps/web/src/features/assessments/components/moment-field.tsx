import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { useMoveMoment } from '../api/video-moments.ts';
import { formatMoment, parseMoment } from './moments.ts';

/** A video quiz item's moment, typed as m:ss.s and saved when the field is left. */
export function MomentField({
  quizId,
  itemId,
  name,
  atSeconds,
}: {
  quizId: number;
  itemId: number;
  name: string;
  atSeconds: number | null;
}) {
  const move = useMoveMoment();
  const shown = atSeconds == null ? '' : formatMoment(atSeconds);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(atSeconds);
  const [error, setError] = useState<string | null>(null);
  if (seen !== atSeconds) {
    setSeen(atSeconds);
    setText(shown);
  }
  const save = () => {
    const at = parseMoment(text);
    if (at === null) return setError('Type it as m:ss.s, e.g. 1:02.5');
    setError(null);
    if (at === atSeconds) return;
    move.mutate(
      { id: quizId, itemId, atSeconds: at },
      { onError: (e) => notifyError(e, 'Could not move the question') },
    );
  };
  return (
    <TextInput
      size="xs"
      w={160}
      label="Moment"
      aria-label={`Moment of ${name}`}
      placeholder="m:ss.s"
      value={text}
      error={error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={save}
      onKeyDown={(e) => e.key === 'Enter' && save()}
    />
  );
}
