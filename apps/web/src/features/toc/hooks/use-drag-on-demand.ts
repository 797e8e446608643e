import { type ComponentType, useId, useRef, useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import type { SortableRowsProps } from '../components/toc-sortable-rows.tsx';
import type { RowDrag } from '../components/toc-tree-row.tsx';

const loadSortableRows = () =>
  import('../components/toc-sortable-rows.tsx').then((m) => m.SortableRows);

/** Starts the download ahead of a press; a failure here is met again (and shown) on the press. */
const prefetch = () => {
  loadSortableRows().catch(() => {});
};

/** The press on a drag handle that asked for the drag code, replayed once it is there. */
type Press =
  | { id: number; kind: 'key'; code: string }
  | { id: number; kind: 'pointer'; x: number; y: number };

function replay(press: Press, handle: HTMLElement) {
  handle.focus();
  handle.dispatchEvent(
    press.kind === 'key'
      ? new KeyboardEvent('keydown', {
          code: press.code,
          key: press.code === 'Space' ? ' ' : press.code,
          bubbles: true,
          cancelable: true,
        })
      : new PointerEvent('pointerdown', {
          clientX: press.x,
          clientY: press.y,
          button: 0,
          buttons: 1,
          isPrimary: true,
          pointerType: 'mouse',
          bubbles: true,
          cancelable: true,
        }),
  );
}

/**
 * Drag and drop loaded on demand. The drag code (dnd-kit, ~15 kB compressed)
 * is not part of the book page: the tree's rows first render without it, with
 * handles that only wake it. The first press of a handle (pointer, Space or
 * Enter) loads it (hovering or focusing a handle already starts the
 * download); the tree then renders its rows through `SortableRows`, which
 * calls `onReady` once mounted, and the press is replayed on the same handle,
 * so the first press starts a drag as any later one does. A pointer released
 * before the code arrived is not replayed. Until then the handles carry the
 * same description for screen readers (the element `instructionsId`, which
 * the tree renders).
 */
export function useDragOnDemand() {
  const instructionsId = useId();
  const treeRef = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const [SortableRows, setSortableRows] = useState<ComponentType<SortableRowsProps> | null>(null);
  const wake = (pressed: Press) => {
    press.current = pressed;
    if (pressed.kind === 'pointer') {
      const release = () => {
        if (press.current === pressed) press.current = null;
      };
      window.addEventListener('pointerup', release, { once: true });
      window.addEventListener('pointercancel', release, { once: true });
    }
    loadSortableRows().then((rows) => setSortableRows(() => rows), notifyError);
  };
  const onReady = () => {
    const pressed = press.current;
    press.current = null;
    const handle =
      pressed && treeRef.current?.querySelector<HTMLElement>(`[data-drag-handle="${pressed.id}"]`);
    if (pressed && handle) replay(pressed, handle);
  };
  const handle = (id: number): RowDrag => ({
    handleProps: {
      'aria-roledescription': 'sortable',
      'aria-describedby': instructionsId,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onPointerDown: (e) => {
        if (e.button === 0 && e.isPrimary)
          wake({ id, kind: 'pointer', x: e.clientX, y: e.clientY });
      },
      onKeyDown: (e) => {
        if (e.code !== 'Space' && e.code !== 'Enter') return;
        e.preventDefault();
        wake({ id, kind: 'key', code: e.code });
      },
    },
  });
  return { SortableRows, instructionsId, treeRef, handle, onReady };
}
