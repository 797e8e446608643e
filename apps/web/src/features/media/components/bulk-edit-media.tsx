import type { MediaBulkSet, MediaItem, MediaKind } from '@bo/contract';
import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BulkEditDialog } from '../../../components/bulk-edit-dialog.tsx';
import { TagSelects } from '../../../components/tag-selects.tsx';
import { filterOfList } from '../../../lib/bulk-edits.ts';
import { bulkEditMedia } from '../api/bulk-edit-media.ts';
import { mediaKeys } from '../api/media-keys.ts';
import { FolderField } from './folder-field.tsx';
import { KIND_LABEL } from './labels.ts';

/**
 * The library's bulk edit: curriculum tags and folder of the selected items
 * or all that match the tab's filters (docs/bulk-edits.md).
 */
export function BulkEditMedia({
  kind,
  selected,
  listValues,
  matchingCount,
  onClose,
}: {
  kind: MediaKind;
  selected: MediaItem[];
  /** The tab's filters; `folder` "" is the top of the library, left out every folder. */
  listValues: Record<string, unknown> & { folder?: string | undefined };
  matchingCount: { n: number; estimate: boolean } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<MediaBulkSet>({});
  const [moving, setMoving] = useState(false);
  const [folder, setFolder] = useState('');
  const sent = {
    ...Object.fromEntries(Object.entries(place).filter(([, v]) => v !== undefined && v !== null)),
    ...(moving ? { folder: folder.trim() } : {}),
  } as MediaBulkSet;
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
    [queryClient],
  );
  const noun = KIND_LABEL[kind];
  const filter = () => {
    const { folder: openFolder, view: _view, kind: _kind, ...rest } = listValues;
    return {
      ...filterOfList(rest),
      kind,
      ...(openFolder !== undefined ? { folder: openFolder } : {}),
    };
  };
  return (
    <BulkEditDialog
      noun={{ one: noun.one, many: noun.many.toLowerCase() }}
      title={`Edit ${noun.many.toLowerCase()}: curriculum and folder`}
      selectedCount={selected.length}
      matchingCount={matchingCount}
      ready={Object.keys(sent).length > 0}
      onStart={(scope) =>
        bulkEditMedia({
          selection:
            scope === 'selected' ? { ids: selected.map((i) => i.id) } : { filter: filter() },
          set: sent,
        })
      }
      onSettled={onSettled}
      onClose={onClose}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TagSelects
            withLabels
            anyLabel="Keep the"
            value={{
              gradeId: place.gradeId ?? null,
              subjectId: place.subjectId ?? null,
              chapterId: place.chapterId ?? null,
              topicId: place.topicId ?? null,
            }}
            onChange={(tags) =>
              setPlace({
                gradeId: tags.gradeId ?? undefined,
                subjectId: tags.subjectId ?? undefined,
                chapterId: tags.chapterId ?? undefined,
                topicId: tags.topicId ?? undefined,
              })
            }
          />
        </SimpleGrid>
        <Checkbox
          label="Move to a folder"
          checked={moving}
          onChange={(e) => setMoving(e.currentTarget.checked)}
        />
        {moving && <FolderField kind={kind} value={folder} onChange={setFolder} />}
      </Stack>
    </BulkEditDialog>
  );
}
