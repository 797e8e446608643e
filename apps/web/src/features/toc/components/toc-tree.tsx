import { TOC_NODE_KINDS, type Toc, type TocNode, type TocNodeKind } from '@bo/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  addTocNode,
  deleteTocNode,
  moveTocNode,
  renameTocNode,
  tocNodeImpact,
  useTocMutation,
} from '../api/toc-api.ts';

const KIND_LABEL: Record<TocNodeKind, string> = {
  unit: 'Unit',
  chapter: 'Chapter',
  topic: 'Topic',
  section: 'Section',
};
const KIND_OPTIONS = TOC_NODE_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }));
const childKind = (k: TocNodeKind | null): TocNodeKind =>
  k === null ? 'unit' : k === 'unit' ? 'chapter' : k === 'chapter' ? 'topic' : 'section';

interface TreeProps {
  toc: Toc;
  isbn: string;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

/** The TOC as an indented tree: expand/collapse, add child, inline rename, move up/down, delete. */
export function TocTree({ toc, isbn, selectedId, onSelect }: TreeProps) {
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState<{ parentId: number | null; kind: TocNodeKind } | null>(null);
  const [deleting, setDeleting] = useState<{
    node: TocNode;
    impact: { nodes: number; contentItems: number };
  } | null>(null);
  const add = useTocMutation(isbn, addTocNode);
  const move = useTocMutation(isbn, moveTocNode);
  const remove = useTocMutation(isbn, deleteTocNode);

  const toggle = (id: number) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const askDelete = async (node: TocNode) => {
    try {
      setDeleting({ node, impact: await tocNodeImpact(node.id) });
    } catch (error) {
      notifyError(error);
    }
  };

  const renderNodes = (nodes: TocNode[], depth: number) =>
    nodes.map((node, i) => (
      <Box key={node.id}>
        <NodeRow
          node={node}
          depth={depth}
          isbn={isbn}
          first={i === 0}
          last={i === nodes.length - 1}
          expanded={!collapsed.has(node.id)}
          selected={node.id === selectedId}
          onToggle={() => toggle(node.id)}
          onSelect={() => onSelect(node.id)}
          onAddChild={() => {
            setCollapsed((s) => {
              const next = new Set(s);
              next.delete(node.id);
              return next;
            });
            setAdding({ parentId: node.id, kind: childKind(node.kind) });
          }}
          onMove={(delta) =>
            move
              .mutateAsync({ id: node.id, parentId: node.parentId, position: i + delta })
              .catch(notifyError)
          }
          onDelete={() => askDelete(node)}
        />
        {!collapsed.has(node.id) && renderNodes(node.children, depth + 1)}
        {adding?.parentId === node.id && (
          <AddNodeForm
            depth={depth + 1}
            kind={adding.kind}
            loading={add.isPending}
            onCancel={() => setAdding(null)}
            onSubmit={async (title, kind) => {
              await add.mutateAsync({ bookId: toc.book.id, parentId: node.id, title, kind });
              setAdding(null);
            }}
          />
        )}
      </Box>
    ));

  return (
    <Stack gap={2} data-testid="toc-tree">
      {toc.nodes.length === 0 && (
        <Text fz="sm" c="dimmed">
          No TOC yet: build a draft from the masters or add a unit.
        </Text>
      )}
      {renderNodes(toc.nodes, 0)}
      {adding?.parentId === null ? (
        <AddNodeForm
          depth={0}
          kind={adding.kind}
          loading={add.isPending}
          onCancel={() => setAdding(null)}
          onSubmit={async (title, kind) => {
            await add.mutateAsync({ bookId: toc.book.id, parentId: null, title, kind });
            setAdding(null);
          }}
        />
      ) : (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdding({ parentId: null, kind: 'unit' })}
          >
            Add a top-level node
          </Button>
        </Group>
      )}
      {deleting && (
        <ConfirmModal
          title={`Delete "${deleting.node.title}"?`}
          confirmLabel="Delete"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              const r = await remove.mutateAsync({ id: deleting.node.id });
              notifySuccess(
                `Deleted ${r.deleted.nodes} node${r.deleted.nodes === 1 ? '' : 's'} and ${r.deleted.contentItems} content item${r.deleted.contentItems === 1 ? '' : 's'}.`,
              );
              if (selectedId === deleting.node.id) onSelect(null);
              setDeleting(null);
            } catch (error) {
              notifyError(error);
            }
          }}
        >
          This removes {deleting.impact.nodes} node{deleting.impact.nodes === 1 ? '' : 's'} (with
          everything under it) and {deleting.impact.contentItems} content item
          {deleting.impact.contentItems === 1 ? '' : 's'}. Uploaded PDFs are deleted.
        </ConfirmModal>
      )}
    </Stack>
  );
}

function NodeRow(props: {
  node: TocNode;
  depth: number;
  isbn: string;
  first: boolean;
  last: boolean;
  expanded: boolean;
  selected: boolean;
  onToggle: () => void;
  onSelect: () => void;
  onAddChild: () => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { node } = props;
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(node.title);
  const rename = useTocMutation(props.isbn, renameTocNode);
  const save = async () => {
    if (title.trim() === node.title) return setEditing(false);
    try {
      await rename.mutateAsync({ id: node.id, title });
      setEditing(false);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Group
      gap={4}
      wrap="nowrap"
      pl={props.depth * 20}
      py={2}
      bg={props.selected ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ borderRadius: 4 }}
      data-testid="toc-node"
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={props.onToggle}
        aria-label={props.expanded ? `Collapse ${node.title}` : `Expand ${node.title}`}
        style={{ visibility: node.children.length ? 'visible' : 'hidden' }}
      >
        {props.expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
      </ActionIcon>
      <Badge size="xs" variant="light" color="gray" w={64}>
        {KIND_LABEL[node.kind]}
      </Badge>
      {editing ? (
        <TextInput
          size="xs"
          value={title}
          autoFocus
          aria-label="Node title"
          onChange={(e) => setTitle(e.currentTarget.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
            if (e.key === 'Escape') {
              setTitle(node.title);
              setEditing(false);
            }
          }}
          style={{ flex: 1 }}
        />
      ) : (
        <UnstyledButton onClick={props.onSelect} style={{ flex: 1 }}>
          <Text fz="sm" truncate>
            {node.title}
            {node.contentCount > 0 && (
              <Text span c="dimmed" fz="xs">
                {' '}
                · {node.contentCount} item{node.contentCount === 1 ? '' : 's'}
              </Text>
            )}
          </Text>
        </UnstyledButton>
      )}
      <Tooltip label="Add child">
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={props.onAddChild}
          aria-label={`Add under ${node.title}`}
        >
          <IconPlus size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Rename">
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={() => {
            setTitle(node.title);
            setEditing(true);
          }}
          aria-label={`Rename ${node.title}`}
        >
          <IconPencil size={14} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon
        variant="subtle"
        size="sm"
        disabled={props.first}
        onClick={() => props.onMove(-1)}
        aria-label={`Move ${node.title} up`}
      >
        <IconArrowUp size={14} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="sm"
        disabled={props.last}
        onClick={() => props.onMove(1)}
        aria-label={`Move ${node.title} down`}
      >
        <IconArrowDown size={14} />
      </ActionIcon>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          onClick={props.onDelete}
          aria-label={`Delete ${node.title}`}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function AddNodeForm(props: {
  depth: number;
  kind: TocNodeKind;
  loading: boolean;
  onSubmit: (title: string, kind: TocNodeKind) => Promise<void>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<TocNodeKind>(props.kind);
  const submit = async () => {
    if (!title.trim()) return;
    try {
      await props.onSubmit(title, kind);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Group gap="xs" pl={props.depth * 20 + 28} py={4} wrap="nowrap">
      <Select
        size="xs"
        w={110}
        data={KIND_OPTIONS}
        value={kind}
        allowDeselect={false}
        aria-label="Kind"
        onChange={(v) => v && setKind(v as TocNodeKind)}
      />
      <TextInput
        size="xs"
        placeholder="Title"
        aria-label="New node title"
        autoFocus
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
          if (e.key === 'Escape') props.onCancel();
        }}
        style={{ flex: 1 }}
      />
      <Button size="xs" onClick={submit} loading={props.loading} disabled={!title.trim()}>
        Add
      </Button>
      <Button size="xs" variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
