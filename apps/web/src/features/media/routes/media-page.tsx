import type { MediaItem, MediaKind } from '@bo/contract';
import { mediaFilterQuery, mediaKindSchema } from '@bo/contract/media';
import { Alert, Box, Button, Group, SegmentedControl, Tabs } from '@mantine/core';
import { IconFolders, IconLayoutGrid, IconList, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  type CodesChoice,
  isPrintedCodesRefusal,
} from '../../../components/printed-codes-choice.tsx';
import { SelectionBar } from '../../../components/selection-bar.tsx';
import { type ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/search-params.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useDeleteMedia } from '../api/delete-media.ts';
import { useMediaList } from '../api/list-media.ts';
import { DeleteVideoCodesDialog } from '../components/delete-media-codes.tsx';
import { FolderBar } from '../components/folder-bar.tsx';
import { KIND_LABEL } from '../components/labels.ts';
import { MediaFilters } from '../components/media-filters.tsx';
import { MediaFormModal } from '../components/media-form-modal.tsx';
import { MediaList } from '../components/media-list.tsx';
import { MediaPlayerDrawer } from '../components/media-player-drawer.tsx';

const BulkEditMedia = lazyDialog(() =>
  import('../components/bulk-edit-media.tsx').then((m) => m.BulkEditMedia),
);

const UploadManyModal = lazyDialog(() =>
  import('../components/upload-many-modal.tsx').then((m) => m.UploadManyModal),
);

/** The page's URL: the API's filters plus the tab and the view. */
const pageQuery = mediaFilterQuery.extend({
  kind: mediaKindSchema.default('video'),
  view: z.enum(['list', 'grid']).default('list'),
});

/** /media: videos and audios, filtered in the URL, played in a drawer, added, edited, deleted. */
export function MediaPage() {
  const params = useListParams(pageQuery);
  const { values, update } = params;
  const { kind, view, ...query } = values;
  const list = useMediaList(kind, query);
  const [editing, setEditing] = useState<MediaItem | 'new' | null>(null);
  const [uploadingMany, setUploadingMany] = useState(false);
  const [selected, setSelected] = useRowSelection<MediaItem>(values);
  const [bulkEditing, setBulkEditing] = useState(false);
  // In the header it acts on all that match; in the selection bar, on the rows picked.
  const bulkButton = (inBar: boolean) => (
    <Button
      size={inBar ? 'xs' : 'sm'}
      variant={inBar ? 'light' : 'default'}
      leftSection={<IconFolders size={inBar ? 14 : 16} />}
      onClick={() => setBulkEditing(true)}
    >
      Edit curriculum or folder…
    </Button>
  );
  const [playing, setPlaying] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const remove = useDeleteMedia();
  const noun = KIND_LABEL[kind].one;
  // A video that printed QR codes open is deleted once the admin says where they point next.
  const [codesRefusal, setCodesRefusal] = useState<ApiError | null>(null);
  const removeWith = (choice: CodesChoice | Record<string, never>) => {
    if (!deleting) return;
    remove.mutate(
      { kind, id: deleting.id, ...choice },
      {
        onSuccess: () => {
          notifySuccess(`"${deleting.title}" is deleted.`);
          setDeleting(null);
          setCodesRefusal(null);
        },
        onError: (error) => {
          if (isPrintedCodesRefusal(error)) setCodesRefusal(error);
          else if (codesRefusal) notifyError(error);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Media library"
        description="Videos and audios: upload or link them, tag them to the curriculum, play them."
        actions={
          <Group gap="sm">
            {/* With nothing selected: every item of the tab that matches the filters. */}
            {selected.length === 0 && bulkButton(false)}
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setUploadingMany(true)}
            >
              Upload several
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Add {noun}
            </Button>
          </Group>
        }
      />
      <Tabs
        value={kind}
        onChange={(k) => k && update({ kind: k as MediaKind, page: undefined })}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="video">Videos</Tabs.Tab>
          <Tabs.Tab value="audio">Audios</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <FolderBar
        kind={kind}
        folder={query.folder}
        onOpen={(folder) => update({ folder, page: undefined })}
      />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {/* The filters take the room left of the view switch and wrap inside it. */}
        <Box flex={1} miw={0}>
          <MediaFilters values={query} onChange={update} />
        </Box>
        <SegmentedControl
          style={{ flexShrink: 0 }}
          aria-label="View"
          value={view}
          onChange={(v) => update({ view: v, page: values.page })}
          data={[
            { value: 'list', label: <IconList size={16} aria-label="List view" /> },
            { value: 'grid', label: <IconLayoutGrid size={16} aria-label="Grid view" /> },
          ]}
        />
      </Group>
      {selected.length > 0 && (
        <SelectionBar count={selected.length} onClear={() => setSelected([])}>
          {bulkButton(true)}
        </SelectionBar>
      )}
      {bulkEditing && (
        <BulkEditMedia
          kind={kind}
          selected={selected}
          listValues={query}
          matchingCount={list.data ? { n: list.data.total, estimate: false } : null}
          onClose={() => {
            setBulkEditing(false);
            setSelected([]);
          }}
        />
      )}
      <MediaList
        selected={selected}
        onSelect={setSelected}
        params={params}
        query={list}
        kind={kind}
        view={view}
        folder={query.folder}
        onPlay={(i) => setPlaying(i.id)}
        onEdit={(i) => setEditing(i)}
        onDelete={(i) => {
          remove.reset();
          setDeleting(i);
        }}
      />

      {editing && (
        <MediaFormModal
          key={editing === 'new' ? 'new' : editing.id}
          kind={kind}
          item={editing === 'new' ? null : editing}
          folder={query.folder}
          onClose={() => setEditing(null)}
        />
      )}
      {uploadingMany && (
        <UploadManyModal
          kind={kind}
          folder={query.folder}
          onClose={() => setUploadingMany(false)}
        />
      )}
      <MediaPlayerDrawer kind={kind} id={playing} onClose={() => setPlaying(null)} />
      {deleting && !codesRefusal && (
        <ConfirmModal
          title={`Delete this ${noun}?`}
          confirmLabel={`Delete ${noun}`}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => removeWith({})}
        >
          <b>{deleting.title}</b> and its stored file will be deleted.
          {remove.isError && !isPrintedCodesRefusal(remove.error) && (
            <Alert color="red" mt="sm" title="Not deleted">
              {errorMessage(remove.error)}
            </Alert>
          )}
        </ConfirmModal>
      )}
      {deleting && codesRefusal && (
        <DeleteVideoCodesDialog
          error={codesRefusal}
          videoId={deleting.id}
          loading={remove.isPending}
          onConfirm={removeWith}
          onClose={() => {
            setDeleting(null);
            setCodesRefusal(null);
          }}
        />
      )}
    </>
  );
}
