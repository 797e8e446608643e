import type { AssessmentItem } from '@bo/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode, useCallback, useRef } from 'react';
import { DragHandle } from '../../../components/drag-handle.tsx';
import { richTextWords } from '../../../components/rich-text/rich-text-words.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import classes from './item-row.module.css';
import { ItemRowBody } from './item-row-body.tsx';

export interface RowItem extends AssessmentItem {
  /** "Question 3: What is …", read out by the drag announcements and the buttons' names. */
  name: string;
  no: number;
}

/** What a row can ask of the builder: one stable object for every row. */
export interface RowActions {
  onMarks: (item: RowItem, marks: number, negativeMarks: number) => void;
  onActive: ((item: RowItem, active: boolean) => void) | undefined;
  onRemove: (item: RowItem) => void;
  /** Chooses the row for the builder's actions on several items (or lets it go). */
  onSelect: (item: RowItem, on: boolean) => void;
  /** Opens "Move to section" (absent without sections). */
  onMove: ((item: RowItem) => void) | undefined;
  extraOf: ((item: RowItem) => ReactNode) | undefined;
}

/** The first rows of the builder (about a screen) are drawn in full at once, without waiting for the observer. */
const EAGER_ROWS = 12;

/**
 * One item of the builder: the sortable shell (the list item and its handle,
 * mouse or keyboard) around the row's body (item-row-body.tsx). Memoised:
 * with 500 items, a move re-renders only the rows whose number or place
 * changed. The shell re-renders whenever the drag context does (every row
 * of the section, on each step of a move), so it stays small, and the body,
 * memoised on its own, does not depend on the drag. A row far from the
 * viewport shows a light stand-in (its number and plain text) until it comes
 * near: the handle is always there, so keyboard moves and Tab reach every
 * row, and the list's heights stay close to the real ones.
 */
export const ItemRow = memo(function ItemRow({
  item,
  sortable,
  selected,
  problems,
  actions,
}: {
  item: RowItem;
  sortable: boolean;
  selected: boolean;
  problems: string[] | undefined;
  actions: RowActions;
}) {
  const drag = useSortable({ id: item.id, disabled: !sortable });
  const el = useRef<HTMLLIElement | null>(null);
  const { setNodeRef } = drag;
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      el.current = node;
    },
    [setNodeRef],
  );
  const near = useNearViewport(el, item.no <= EAGER_ROWS);

  return (
    <li
      ref={ref}
      className={classes.row}
      data-testid={`item-${item.id}`}
      data-dragging={drag.isDragging || undefined}
      data-selected={selected || undefined}
      style={{
        transform: CSS.Translate.toString(drag.transform),
        transition: drag.transition,
        opacity: item.active ? 1 : 0.6,
        borderColor: problems?.length ? 'var(--mantine-color-red-6)' : undefined,
      }}
    >
      {/* A native box, not Mantine's Checkbox: one per row, 500 rows; in the shell, so a stand-in row has it too. */}
      <input
        type="checkbox"
        className={`${classes.choose} mantine-focus-auto`}
        checked={selected}
        onChange={(e) => actions.onSelect(item, e.currentTarget.checked)}
        aria-label={`Choose ${item.name}`}
      />
      {sortable && <DragHandle drag={drag} label={item.name} />}
      {near ? (
        <ItemRowBody item={item} problems={problems} actions={actions} />
      ) : (
        <RowStandIn item={item} />
      )}
    </li>
  );
});

/** A row not yet near the viewport: its number and plain text, about its drawn height. */
function RowStandIn({ item }: { item: RowItem }) {
  const html = item.kind === 'question' ? item.question?.stem : item.instruction;
  return (
    <>
      <span className={classes.no}>{item.no}.</span>
      <div className={classes.standIn}>{richTextWords(html, 160)}</div>
    </>
  );
}
