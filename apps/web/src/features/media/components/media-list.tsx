import type { MediaItem, MediaKind } from '@bo/contract';
import {
  ActionIcon,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconMusic, IconPlayerPlay, IconTrash, IconVideo } from '@tabler/icons-react';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import {
  paginationControlProps,
  paginationItemProps,
} from '../../../components/pagination-labels.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDuration, KIND_LABEL, SOURCE_LABEL, STATUS_LABEL } from './labels.ts';

export interface MediaActions {
  onPlay: (item: MediaItem) => void;
  onEdit: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
}

const tagsOf = (i: MediaItem) =>
  [i.gradeName, i.subjectName, i.chapterName, i.topicName].filter(Boolean).join(' › ') || '—';

function Actions({ item, onPlay, onEdit, onDelete }: MediaActions & { item: MediaItem }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Play ${item.title}`} onClick={() => onPlay(item)}>
        <IconPlayerPlay size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label={`Edit ${item.title}`} onClick={() => onEdit(item)}>
        <IconEdit size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${item.title}`}
        onClick={() => onDelete(item)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

const MediaStatus = ({ item }: { item: MediaItem }) => (
  <StatusBadge color={item.status === 'active' ? 'green' : 'gray'}>
    {STATUS_LABEL[item.status]}
  </StatusBadge>
);

/** Inside a folder, an empty list may only mean its items sit in its subfolders. */
const emptyText = (kind: MediaKind, folder: string | undefined) =>
  folder
    ? `No ${KIND_LABEL[kind].many.toLowerCase()} directly in this folder that match; its folders above may hold some.`
    : `No ${KIND_LABEL[kind].many.toLowerCase()} match.`;

/** The library as a table (`view=list`) or as cards with thumbnails (`view=grid`). */
export function MediaList({
  params,
  query,
  kind,
  view,
  folder,
  selected,
  onSelect,
  ...actions
}: MediaActions & {
  params: ListTableParams;
  query: ListTableQuery<MediaItem>;
  kind: MediaKind;
  view: 'list' | 'grid';
  /** The folder open on the page, for what an empty list says. */
  folder?: string;
  /** Rows picked for a bulk edit (the list view; the grid has no selection). */
  selected: MediaItem[];
  onSelect: (items: MediaItem[]) => void;
}) {
  const many = KIND_LABEL[kind].many;
  const empty = emptyText(kind, folder);
  if (view === 'grid')
    return <MediaGrid params={params} query={query} kind={kind} empty={empty} {...actions} />;
  return (
    <ListTable<MediaItem>
      list={'media'}
      params={params}
      query={query}
      noun={many}
      errorTitle={ERROR_TITLE}
      emptyText={empty}
      emptyIcon={kind === 'video' ? IconVideo : IconMusic}
      selection={{
        selected,
        onChange: onSelect,
        allLabel: `Select all ${many.toLowerCase()} on this page`,
        rowLabel: (item) => `Select ${item.title}`,
      }}
      columns={[
        { accessor: 'title', title: 'Title' },
        {
          accessor: 'durationSeconds',
          title: 'Duration',
          render: (item) => formatDuration(item.durationSeconds),
        },
        { accessor: 'language', title: 'Language' },
        { accessor: 'curriculum', title: 'Curriculum', render: tagsOf },
        { accessor: 'source', title: 'Source', render: (item) => SOURCE_LABEL[item.source] },
        {
          accessor: 'status',
          title: 'Status',
          // Room for the longest label (Inactive), so the badge never ellipsises.
          width: 110,
          render: (item) => <MediaStatus item={item} />,
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>Actions</VisuallyHidden>,
          render: (item) => <Actions item={item} {...actions} />,
        },
      ]}
    />
  );
}

const ERROR_TITLE = 'Could not load the library';

/** Cards with thumbnails, paged below. */
function MediaGrid({
  params: { values, update },
  query,
  kind,
  empty,
  ...actions
}: MediaActions & {
  params: ListTableParams;
  query: ListTableQuery<MediaItem>;
  kind: MediaKind;
  empty: string;
}) {
  const { data } = query;
  const { one, many } = KIND_LABEL[kind];
  if (query.isError) return <LoadError title={ERROR_TITLE} query={query} />;
  if (!data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (data.items.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} opacity={query.isFetching ? 0.6 : 1}>
        {data.items.map((item) => (
          <Card key={item.id} withBorder padding="sm" aria-label={item.title} component="article">
            <Card.Section>
              {item.thumbnailUrl ? (
                <Image src={item.thumbnailUrl} alt="" h={140} fit="cover" />
              ) : (
                <Center h={140} bg="gray.1">
                  {item.kind === 'video' ? <IconVideo size={40} /> : <IconMusic size={40} />}
                </Center>
              )}
            </Card.Section>
            <Stack gap={4} mt="sm">
              <Text fw={600} lineClamp={2}>
                {item.title}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDuration(item.durationSeconds)} · {item.language} · {tagsOf(item)}
              </Text>
              <Group justify="space-between">
                <MediaStatus item={item} />
                <Actions item={item} {...actions} />
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        <Text fz="sm" c="dimmed">
          {data.total} {data.total === 1 ? one : many.toLowerCase()}
        </Text>
        <Pagination
          total={Math.ceil(data.total / data.pageSize)}
          value={values.page}
          onChange={(page) => update({ page })}
          getControlProps={paginationControlProps}
          getItemProps={paginationItemProps}
        />
      </Group>
    </>
  );
}
