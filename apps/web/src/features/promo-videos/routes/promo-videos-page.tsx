import { PROMO_MAX } from '@bo/contract/promo-videos';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Move } from '../../../components/row-menu.tsx';
import { SortableItems } from '../../../components/sortable-items.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { moveId } from '../../../lib/ordering.ts';
import { useOptimisticOrder } from '../../../lib/use-optimistic-order.ts';
import { usePromoVideos } from '../api/list-promo-videos.ts';
import {
  useDeletePromoVideo,
  useReorderPromoVideos,
  useSetPromoStatus,
} from '../api/write-promo-videos.ts';
import { PromoFormModal } from '../components/promo-form-modal.tsx';
import { type PromoItem, PromoRow } from '../components/promo-row.tsx';

/** /promo-videos: the learner app's promo shelf, in order: add, edit, drag to reorder, activate, delete. */
export function PromoVideosPage() {
  const list = usePromoVideos();
  const reorderCall = useReorderPromoVideos();
  const status = useSetPromoStatus();
  const remove = useDeletePromoVideo();
  const [editing, setEditing] = useState<PromoItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromoItem | null>(null);
  const items = list.data?.items.map((p) => ({ ...p, name: p.title }));
  // Ordering needs every promo on one page; a longer shelf is ordered from the API.
  const complete = list.data ? list.data.total <= list.data.items.length : false;
  const { ordered, reorder } = useOptimisticOrder(
    items,
    complete ? (ids) => reorderCall.mutateAsync({ ids }) : undefined,
  );
  const shown = ordered ?? [];

  const move = (promo: PromoItem, by: Move) => {
    const ids = shown.map((p) => p.id);
    const from = ids.indexOf(promo.id);
    const delta = by === 'first' ? -from : by === 'last' ? ids.length - 1 - from : by;
    const next = moveId(ids, promo.id, delta);
    if (next) void reorder(next, promo);
  };
  const setActive = async (promo: PromoItem, active: boolean) => {
    try {
      await status.mutateAsync({ ids: [promo.id], status: active ? 'active' : 'inactive' });
    } catch (e) {
      notifyError(e, `Could not change "${promo.title}"`);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      notifySuccess(`"${deleting.title}" deleted`);
      setDeleting(null);
    } catch (e) {
      notifyError(e, 'Could not delete the promo video');
    }
  };

  return (
    <>
      <PageHeader
        title="Promo videos"
        description={`Videos the learner app shows on its promo shelf, in this order (up to ${PROMO_MAX.toLocaleString('en')}).`}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add promo video
          </Button>
        }
      />
      <Stack>
        {list.isPending && <Skeleton h={200} />}
        {list.isError && (
          <Alert color="red" title="Could not load the promo videos">
            {errorMessage(list.error)}
          </Alert>
        )}
        {list.data && !complete && (
          <Alert color="orange" title="Too many to order here">
            The first {list.data.items.length} of {list.data.total} are shown.
          </Alert>
        )}
        {list.data && shown.length === 0 && (
          <Text c="dimmed">No promo video yet. Add one from a video of the media library.</Text>
        )}
        {shown.length > 0 && (
          <SortableItems items={shown} onReorder={(ids, moved) => void reorder(ids, moved)}>
            <Stack
              component="ul"
              gap="xs"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Promo videos"
            >
              {shown.map((p, i) => (
                <PromoRow
                  key={p.id}
                  promo={p}
                  index={i}
                  count={shown.length}
                  sortable={complete && shown.length > 1}
                  onMove={move}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                  onActive={setActive}
                />
              ))}
            </Stack>
          </SortableItems>
        )}
      </Stack>
      {editing && (
        <PromoFormModal
          promo={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete the promo video?"
          confirmLabel="Delete"
          loading={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        >
          "{deleting.title}" leaves the promo shelf; its video stays in the media library.
        </ConfirmDialog>
      )}
    </>
  );
}
