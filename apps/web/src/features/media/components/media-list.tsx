import type { MediaItem } from '@bo/contract';
import {
  ActionIcon,
  Badge,
  Card,
  Center,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconEdit, IconMusic, IconPlayerPlay, IconTrash, IconVideo } from '@tabler/icons-react';
import { formatDuration, SOURCE_LABEL, STATUS_LABEL } from './labels.ts';

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

const StatusBadge = ({ item }: { item: MediaItem }) => (
  <Badge variant="light" color={item.status === 'active' ? 'green' : 'gray'}>
    {STATUS_LABEL[item.status]}
  </Badge>
);

/** The library as a table (`view=list`) or as cards with thumbnails (`view=grid`). */
export function MediaList({
  items,
  view,
  loading,
  empty,
  ...actions
}: MediaActions & {
  items: MediaItem[] | undefined;
  view: 'list' | 'grid';
  loading: boolean;
  empty: string;
}) {
  if (!items)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (items.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  if (view === 'grid') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} opacity={loading ? 0.6 : 1}>
        {items.map((item) => (
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
                <StatusBadge item={item} />
                <Actions item={item} {...actions} />
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover opacity={loading ? 0.6 : 1}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Language</Table.Th>
            <Table.Th>Curriculum</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td>{formatDuration(item.durationSeconds)}</Table.Td>
              <Table.Td>{item.language}</Table.Td>
              <Table.Td>{tagsOf(item)}</Table.Td>
              <Table.Td>{SOURCE_LABEL[item.source]}</Table.Td>
              <Table.Td>
                <StatusBadge item={item} />
              </Table.Td>
              <Table.Td>
                <Actions item={item} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
