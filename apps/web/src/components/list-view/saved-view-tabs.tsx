import type { SavedView, SavedViewList } from '@bo/contract/saved-views';
import { Badge, Button, Group, Tabs, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDeviceFloppy, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { sameView, savedViewId, viewQuery, viewSearch } from '../../lib/list-view-state.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCreateSavedView } from '../../lib/saved-views/create-saved-view.ts';
import { useDeleteSavedView } from '../../lib/saved-views/delete-saved-view.ts';
import { useSavedViews } from '../../lib/saved-views/list-saved-views.ts';
import { useUpdateSavedView } from '../../lib/saved-views/update-saved-view.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { lazyDialog } from '../lazy-dialog.tsx';
import type { ListView } from './use-list-view.ts';
import { ViewActionsMenu } from './view-actions-menu.tsx';

const ViewFormModal = lazyDialog(() =>
  import('./view-form-modal.tsx').then((m) => m.ViewFormModal),
);

const ALL = 'all';

/**
 * "All" and the list's saved views as tabs, the chosen view's actions, and
 * "Save view". A tab is a link: choosing it opens the view's query, so the
 * URL stays what the list shows. A view whose state was changed since says so.
 */
export function SavedViewTabs({ list, view }: { list: SavedViewList; view: ListView }) {
  const { pathname } = useLocation();
  const views = useSavedViews(list).data?.items ?? [];
  const create = useCreateSavedView();
  const update = useUpdateSavedView();
  const remove = useDeleteSavedView();
  const [dialog, setDialog] = useState<'save' | 'rename' | 'delete' | null>(null);

  const current = views.find((v) => v.id === savedViewId(view.params));
  const query = viewQuery(view.params);
  const active = current ? String(current.id) : query === '' ? ALL : null;
  const changed = current !== undefined && !sameView(view.params, current.query);

  const choose = (value: string | null) => {
    const chosen = views.find((v) => String(v.id) === value);
    view.open(chosen ? viewSearch(chosen) : '');
  };
  const change = (changes: { name?: string; query?: string; shared?: boolean }, done: string) =>
    update.mutateAsync({ id: current!.id, ...changes }).then((saved) => {
      notifySuccess(done);
      return saved;
    });
  const copyLink = async (saved: SavedView) => {
    const link = `${window.location.origin}${pathname}${viewSearch(saved)}`;
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess(`Anyone who may open this list can follow it: ${link}`, 'Link copied');
    } catch (error) {
      notifyError(error, 'Could not copy the link');
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Tabs
        value={active}
        onChange={choose}
        activateTabWithKeyboard={false}
        style={{ minWidth: 0, overflowX: 'auto' }}
      >
        <Tabs.List aria-label="Saved views" style={{ flexWrap: 'nowrap' }}>
          <Tabs.Tab value={ALL}>All</Tabs.Tab>
          {views.map((v) => (
            <Tabs.Tab
              key={v.id}
              value={String(v.id)}
              leftSection={
                v.shared ? (
                  <Tooltip label={v.mine ? 'Shared with the team' : `Shared by ${v.ownerName}`}>
                    <IconUsers size={14} aria-hidden />
                  </Tooltip>
                ) : undefined
              }
              data-testid={`saved-view-tab-${v.id}`}
            >
              {v.name}
              {v.shared && (
                <VisuallyHidden>
                  {v.mine ? ', shared with the team' : `, shared by ${v.ownerName}`}
                </VisuallyHidden>
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current && (
        <ViewActionsMenu
          view={current}
          changed={changed}
          onCopyLink={() => void copyLink(current)}
          onUpdate={() =>
            void change({ query }, `“${current.name}” now shows what is on screen.`).catch((e) =>
              notifyError(e, 'Could not update the view'),
            )
          }
          onRename={() => setDialog('rename')}
          onShare={(shared) =>
            void change(
              { shared },
              shared
                ? `Every admin of this list sees “${current.name}”.`
                : `“${current.name}” is yours alone.`,
            ).catch((e) => notifyError(e, 'Could not change the sharing'))
          }
          onDelete={() => setDialog('delete')}
        />
      )}
      {changed && (
        <Badge variant="light" color="yellow" style={{ flexShrink: 0 }}>
          Changed
        </Badge>
      )}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconDeviceFloppy size={14} />}
        onClick={() => setDialog('save')}
        style={{ flexShrink: 0 }}
      >
        Save view
      </Button>

      {dialog === 'save' && (
        <ViewFormModal
          busy={create.isPending}
          onClose={() => setDialog(null)}
          onSave={async (values) => {
            const saved = await create.mutateAsync({ list, query, ...values });
            view.open(viewSearch(saved), { replace: true });
            notifySuccess(`“${saved.name}” is a tab of this list now.`, 'View saved');
          }}
        />
      )}
      {dialog === 'rename' && current && (
        <ViewFormModal
          view={current}
          busy={update.isPending}
          onClose={() => setDialog(null)}
          onSave={(values) => change(values, 'View saved.')}
        />
      )}
      {dialog === 'delete' && current && (
        <ConfirmModal
          title="Delete this view?"
          confirmLabel="Delete view"
          loading={remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(
              { id: current.id },
              {
                onSuccess: () => {
                  setDialog(null);
                  // The list keeps showing what it showed, as the "All" list's state.
                  view.open(query, { replace: true });
                  notifySuccess(`“${current.name}” was deleted.`);
                },
                onError: (e) => notifyError(e, 'Could not delete the view'),
              },
            )
          }
        >
          <b>{current.name}</b> goes for you
          {current.shared ? ' and for every admin it is shared with' : ''}. The list stays as it is.
        </ConfirmModal>
      )}
    </Group>
  );
}
