import { Tooltip } from '@mantine/core';
import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { useMoveMoment } from '../api/video-moments.ts';
import classes from './moment-marker.module.css';
import { formatMoment } from './moments.ts';

/** Pointer travel (px) below which a press is a click (seek), not a drag. */
const DRAG_START_PX = 4;
/** A keyboard move is saved once the keys have rested this long. */
const KEY_SAVE_MS = 600;

const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * One question on the video quiz's timeline, a slider: dragged with the
 * pointer or moved with the arrow keys (a tenth of a second; with Shift or
 * Page Up/Down a second), it saves the new moment through the same route as
 * the typed moment; a click, Enter or Space seeks the player there. Until the
 * server answers, the marker stays where it was put; a refusal (two
 * questions at one moment, past the video's end) puts it back and says why.
 */
export function MomentMarker({
  quizId,
  itemId,
  no,
  atSeconds,
  length,
  track,
  onSeek,
}: {
  quizId: number;
  itemId: number;
  /** The question's number on the timeline (1 = first). */
  no: number;
  atSeconds: number;
  /** The timeline's span in seconds. */
  length: number;
  track: RefObject<HTMLDivElement | null>;
  onSeek: (seconds: number) => void;
}) {
  const move = useMoveMoment();
  // The moment being placed (drag or keys) until the server's moment changes; null = the server's.
  const [placing, setPlacingState] = useState<number | null>(null);
  // The same, read at once by the next key (keys can come faster than renders).
  const placed = useRef<number | null>(null);
  const setPlacing = (at: number | null) => {
    placed.current = at;
    setPlacingState(at);
  };
  const [seen, setSeen] = useState(atSeconds);
  if (seen !== atSeconds) {
    setSeen(atSeconds);
    setPlacing(null);
  }
  // The pointer's drag, read by the next event at once: a ref, as a fast
  // release may come before React has rendered the last move.
  const drag = useRef<{ x: number; moved: boolean; at: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const shown = placing ?? atSeconds;
  const keyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  const save = (at: number) => {
    if (at === atSeconds) return setPlacing(null);
    move.mutate(
      { id: quizId, itemId, atSeconds: at },
      {
        onError: (e) => {
          setPlacing(null);
          notifyError(e, `Could not move question ${no}`);
        },
      },
    );
  };

  const secondsAt = (clientX: number) => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return atSeconds;
    const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    return tenth(fraction * length);
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, moved: false, at: atSeconds };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    if (!d.moved && Math.abs(e.clientX - d.x) < DRAG_START_PX) return;
    d.moved = true;
    d.at = secondsAt(e.clientX);
    setDragging(true);
    setPlacing(d.at);
  };
  const onPointerUp = () => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    setDragging(false);
    if (d.moved) save(d.at);
    else onSeek(atSeconds);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const big = e.shiftKey || e.key === 'PageUp' || e.key === 'PageDown';
    const step = big ? 1 : 0.1;
    const by: Record<string, number> = {
      ArrowLeft: -step,
      ArrowDown: -step,
      PageDown: -step,
      ArrowRight: step,
      ArrowUp: step,
      PageUp: step,
    };
    let next: number | null = null;
    if (e.key in by) next = (placed.current ?? atSeconds) + by[e.key]!;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = length;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      return onSeek(shown);
    }
    if (next === null) return;
    e.preventDefault();
    const at = tenth(Math.min(length, Math.max(0, next)));
    setPlacing(at);
    // Saved once the keys rest, so holding an arrow sends one request.
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => save(at), KEY_SAVE_MS);
  };

  const label = `Question ${no} at ${formatMoment(shown)}`;
  return (
    <Tooltip label={label} opened={dragging || undefined}>
      <button
        type="button"
        role="slider"
        className={classes.marker}
        data-placing={placing !== null || undefined}
        aria-label={`Moment of question ${no}`}
        aria-valuemin={0}
        aria-valuemax={tenth(length)}
        aria-valuenow={shown}
        aria-valuetext={formatMoment(shown)}
        aria-description="Drag it or use the arrow keys to move the question; Enter plays the video from there."
        style={{ left: `calc(${Math.min(100, (shown / length) * 100)}% - 5px)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setDragging(false);
          setPlacing(null);
        }}
        onKeyDown={onKeyDown}
        data-testid={`moment-${itemId}`}
      />
    </Tooltip>
  );
}
