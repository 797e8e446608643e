import type { AssessmentDetail, AssessmentItem, AssessmentSection } from '@bo/contract';
import { Alert, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue, useMemo, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { richTextWords } from '../../../components/rich-text/rich-text-words.ts';
import { SortableItems } from '../../../components/sortable-items.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useOptimisticOrder } from '../../../lib/use-optimistic-order.ts';
import { useItemActive } from '../api/item-active.ts';
import { useItemMarks } from '../api/item-marks.ts';
import { useRemoveItems } from '../api/remove-items.ts';
import { useReorderItems } from '../api/reorder-items.ts';
import { KINDS } from '../kinds.ts';
import { orderAfterMove, orderBySections } from './builder-order.ts';
import { BuilderSelectionBar, useItemSelection } from './builder-selection.tsx';
import { ItemRow, type RowActions, type RowItem } from './item-row.tsx';
import type { Problems } from './problems.ts';
import { SectionGroup, SectionList } from './section-group.tsx';
import { SectionTools } from './section-tools.tsx';

const MoveItemModal = lazyDialog(() =>
  import('./move-item-modal.tsx').then((m) => m.MoveItemModal),
);
const MarksModal = lazyDialog(() => import('./marks-modal.tsx').then((m) => m.MarksModal));

/** The items in groups: those outside any section first, then each section's, as the API reads them. */
function groups(sections: AssessmentSection[], rows: RowItem[]) {
  const out: { id: number | null; name: string | null; time: number | null; items: RowItem[] }[] =
    [];
  const loose = rows.filter((r) => r.sectionId == null);
  if (loose.length > 0 || sections.length === 0)
    out.push({ id: null, name: null, time: null, items: loose });
  for (const s of sections)
    out.push({
      id: s.id,
      name: s.name,
      time: s.timeLimitMinutes,
      items: rows.filter((r) => r.sectionId === s.id),
    });
  return out;
}

/**
 * `next` with each row that did not change replaced by the one of `prev`, so
 * the memoised rows that did not move or change skip their render (the
 * query keeps unchanged items' objects across refetches).
 */
function reuse(prev: Map<number, RowItem>, next: RowItem[]): RowItem[] {
  return next.map((r) => {
    const old = prev.get(r.id);
    if (!old) return r;
    for (const k of Object.keys(r) as (keyof RowItem)[]) if (old[k] !== r[k]) return r;
    return old;
  });
}

export function toRows(items: AssessmentItem[]): RowItem[] {
  return items.map((item, i) => {
    const what = item.kind === 'question' ? 'Question' : 'Instruction';
    const text = richTextWords(
      item.kind === 'question' ? item.question?.stem : item.instruction,
      40,
    );
    return { ...item, no: i + 1, name: `${what} ${i + 1}: ${text}` };
  });
}

/** A section as the drag list names it: "Picked up Section Physics". */
const sectionEntries = (sections: AssessmentSection[]) =>
  sections.map((s) => ({ ...s, name: `Section ${s.name}` }));

/**
 * The builder's ordered items, section by section. Dragging (mouse or
 * keyboard, the shared SortableItems) reorders items within a group and the
 * sections among themselves; "Move" puts an item at the end of another
 * section. Each save is the engine's one reorder: every item id in the new
 * order, with the sections' order or the items' new section. Rows can be
 * chosen, several at once, to move them to a section or set their marks.
 */
export function BuilderItems({
  detail,
  problems,
  extraOf,
  onAddQuestions,
}: {
  detail: AssessmentDetail;
  problems: Problems;
  /** Stable (a memoised row calls it): what shows under an item's text. */
  extraOf?: (item: RowItem) => ReactNode;
  /** Opens the question picker set to add into this section. */
  onAddQuestions: (sectionId: number) => void;
}) {
  const kind = detail.kind;
  const ops = KINDS[kind].ops;
  // The page (header, sections, buttons) comes first; the rows follow in a
  // background render that React slices, so a long test (500 rows, ~0.25 s
  // of rendering) never blocks the page in one long task.
  const drawRows = useDeferredValue(true, false);
  const rows = useMemo(() => toRows(detail.items), [detail.items]);
  const marks = useItemMarks(kind);
  const active = useItemActive(kind);
  const remove = useRemoveItems(kind);
  const save = useReorderItems(kind);
  const [removing, setRemoving] = useState<RowItem | null>(null);
  const [moving, setMoving] = useState<RowItem[] | null>(null);
  const [markingChosen, setMarkingChosen] = useState(false);
  const { ordered, reorder } = useOptimisticOrder(
    rows,
    ops.reorder ? (ids) => save.mutateAsync({ id: detail.id, itemIds: ids }) : undefined,
  );
  // The sections' order, shown from the drop while it saves; the items follow their sections.
  const placed = useRef<RowItem[]>(rows);
  const sectionOrder = useOptimisticOrder(
    detail.sections,
    ops.reorder
      ? (ids) =>
          save.mutateAsync({
            id: detail.id,
            sectionIds: ids,
            itemIds: orderBySections(placed.current, ids).map((r) => r.id),
          })
      : undefined,
  );
  const sections = sectionOrder.ordered ?? detail.sections;
  const sectionIds = sections.map((s) => s.id);
  const shown = orderBySections(ordered ?? rows, sectionIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Numbers follow the order on screen, including an optimistic one.
  const last = useRef(new Map<number, RowItem>());
  const numbered = reuse(
    last.current,
    shown.map((r, i) => {
      const base = byId.get(r.id) ?? r;
      return base.no === i + 1 ? base : { ...base, no: i + 1 };
    }),
  );
  last.current = new Map(numbered.map((r) => [r.id, r]));
  placed.current = numbered;
  const selection = useItemSelection(numbered);

  // The rows' actions, one object for the builder's life: they read the
  // latest mutations through a ref, so a memoised row need not re-render.
  const live = useRef({ marks, active, remove: setRemoving, detailId: detail.id });
  live.current = { marks, active, remove: setRemoving, detailId: detail.id };
  const { toggle } = selection;
  const itemActive = !!ops.itemActive;
  const canMove = !!ops.reorder && detail.sections.length > 0;
  const actions = useMemo<RowActions>(
    () => ({
      onMarks: (item, m, n) =>
        live.current.marks.mutate(
          { id: live.current.detailId, itemId: item.id, marks: m, negativeMarks: n },
          { onError: (e) => notifyError(e, 'Could not save the marks') },
        ),
      onActive: itemActive
        ? (item, on) =>
            live.current.active.mutate(
              { id: live.current.detailId, itemId: item.id, active: on },
              { onError: (e) => notifyError(e, 'Could not change the item') },
            )
        : undefined,
      onRemove: (item) => live.current.remove(item),
      onSelect: toggle,
      onMove: canMove ? (item) => setMoving([item]) : undefined,
      extraOf,
    }),
    [itemActive, canMove, extraOf, toggle],
  );

  const onGroupReorder = (groupIds: number[], moved: RowItem) => {
    const set = new Set(groupIds);
    const queue = [...groupIds];
    const all = numbered.map((r) => (set.has(r.id) ? (queue.shift() ?? r.id) : r.id));
    void reorder(all, moved);
  };

  const entries = sectionEntries(sections);
  const entryOf = new Map(entries.map((s) => [s.id, s]));

  return (
    <>
      {selection.chosen.length > 0 && (
        <BuilderSelectionBar
          chosen={selection.chosen}
          total={numbered.length}
          onMove={canMove ? () => setMoving(selection.chosen) : undefined}
          onMarks={() => setMarkingChosen(true)}
          onAll={selection.all}
          onClear={selection.clear}
        />
      )}
      <SectionList
        sections={entries}
        onReorder={(ids, moved) => void sectionOrder.reorder(ids, moved)}
      >
        {groups(sections, numbered).map((g) => (
          <SectionGroup
            key={g.id ?? 'none'}
            section={g.id == null ? null : (entryOf.get(g.id) ?? null)}
            sortable={!!ops.reorder && sections.length > 1}
            testId={g.id ? `section-${g.id}` : undefined}
          >
            {g.name != null && (
              <Group gap="xs">
                <Title order={3} fz="md">
                  {g.name}
                </Title>
                {g.time != null && <Badge variant="light">{g.time} min</Badge>}
              </Group>
            )}
            {g.id != null && (
              <SectionTools detail={detail} sectionId={g.id} onAddQuestions={onAddQuestions} />
            )}
            {g.id != null &&
              problems.sections.get(g.id)?.map((p) => (
                <Alert key={p} color="red" variant="light" p={6} role="alert">
                  <Text fz="xs">{p}</Text>
                </Alert>
              ))}
            {g.items.length === 0 ? (
              <Text c="dimmed" fz="sm">
                No items yet: add questions from the bank.
              </Text>
            ) : !drawRows ? (
              <Skeleton h={Math.min(g.items.length, 10) * 84} aria-label="Loading the items" />
            ) : (
              <SortableItems items={g.items} onReorder={onGroupReorder}>
                <Stack component="ol" gap="xs" p={0} m={0} aria-label={g.name ?? 'Items'}>
                  {g.items.map((item) => (
                    <ItemRow
                      key={item.id}
                      item={item}
                      sortable={!!ops.reorder}
                      selected={selection.ids.has(item.id)}
                      problems={problems.items.get(item.id)}
                      actions={actions}
                    />
                  ))}
                </Stack>
              </SortableItems>
            )}
          </SectionGroup>
        ))}
        {removing && (
          <ConfirmModal
            title="Remove this item?"
            confirmLabel="Remove"
            loading={remove.isPending}
            onClose={() => setRemoving(null)}
            onConfirm={() =>
              remove.mutate(
                { id: detail.id, itemIds: [removing.id] },
                {
                  onSuccess: () => {
                    notifySuccess('Item removed.');
                    setRemoving(null);
                  },
                  onError: (e) => notifyError(e, 'Could not remove the item'),
                },
              )
            }
          >
            {removing.name}. The question stays in the bank.
          </ConfirmModal>
        )}
        {moving && (
          <MoveItemModal
            items={moving}
            sections={sections}
            onMove={async (to) => {
              const ids = moving.map((m) => m.id);
              await save.mutateAsync({
                id: detail.id,
                itemIds: orderAfterMove(numbered, sectionIds, ids, to),
                moves: ids.map((itemId) => ({ itemId, sectionId: to })),
              });
              selection.clear();
            }}
            onClose={() => setMoving(null)}
          />
        )}
        {markingChosen && (
          <MarksModal
            detail={detail}
            chosen={selection.chosen.filter((r) => r.kind === 'question').map((r) => r.id)}
            onClose={() => {
              setMarkingChosen(false);
              selection.clear();
            }}
          />
        )}
      </SectionList>
    </>
  );
}
