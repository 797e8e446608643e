import type { ContentItem, Toc, TocNode } from '@bo/contract';
import { practiceRoutes } from '@bo/contract/practices-routes';
import { Card, Select, Stack, Text } from '@mantine/core';
import { notifyError } from '../../../lib/notify.ts';
import { canOpen, useMe } from '../../../lib/session.ts';
import { useMoveTocNode } from '../api/move-toc-node.ts';
import { masterChapterOf, subtreeIds } from '../utils/flat-tree.ts';
import { type BookSubject, TocAttachMedia } from './toc-attach-media.tsx';
import { TocContentList } from './toc-content-list.tsx';
import { TocNodeFlags } from './toc-node-flags.tsx';
import { TocNodePractices } from './toc-node-practices.tsx';
import { TocUploadPdf } from './toc-upload-pdf.tsx';

const flatten = (nodes: TocNode[], path = ''): { node: TocNode; path: string }[] =>
  nodes.flatMap((n) => {
    const p = path ? `${path} › ${n.title}` : n.title;
    return [{ node: n, path: p }, ...flatten(n.children, p)];
  });

/** The selected node: free flag and status, where it sits (reparent), its content (open, play, remove), attach and upload. */
export function TocNodePanel({
  toc,
  isbn,
  node,
  items,
  subject,
}: {
  toc: Toc;
  isbn: string;
  node: TocNode;
  items: ContentItem[];
  /** The book's subject, where the media search starts when the node has no master chapter. */
  subject: BookSubject | null;
}) {
  const all = flatten(toc.nodes);
  const own = new Set(subtreeIds(node));
  const me = useMe();
  const move = useMoveTocNode(isbn);
  const parentOptions = [
    { value: 'top', label: '— Top level —' },
    ...all
      .filter((x) => !own.has(x.node.id))
      .map((x) => ({ value: String(x.node.id), label: x.path })),
  ];
  const mine = items.filter((i) => i.nodeId === node.id);

  return (
    <Card withBorder radius="md" data-testid="toc-node-panel">
      <Stack gap="md">
        <Text fw={600}>{node.title}</Text>
        <TocNodeFlags isbn={isbn} node={node} />
        <Select
          label="Place under"
          data={parentOptions}
          searchable
          value={node.parentId === null ? 'top' : String(node.parentId)}
          allowDeselect={false}
          disabled={move.isPending}
          onChange={(v) => {
            if (!v) return;
            const parentId = v === 'top' ? null : Number(v);
            if (parentId === node.parentId) return;
            move.mutateAsync({ id: node.id, parentId, position: 100_000 }).catch(notifyError);
          }}
        />
        <TocContentList isbn={isbn} nodeId={node.id} items={mine} />
        {/* Practices are their own module: shown to those who may open them. */}
        {canOpen(me.data, practiceRoutes.listPractices.access) && (
          <TocNodePractices nodeId={node.id} title={node.title} />
        )}
        <TocAttachMedia
          isbn={isbn}
          nodeId={node.id}
          chapterId={masterChapterOf(toc.nodes, node.id)}
          subject={subject}
          attached={new Set(mine.flatMap((i) => (i.mediaItemId ? [i.mediaItemId] : [])))}
        />
        <TocUploadPdf isbn={isbn} nodeId={node.id} />
      </Stack>
    </Card>
  );
}
