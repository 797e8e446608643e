import {
  MAIL_BLOCK_LABELS,
  type MailBlockType,
  type MailColumnItem,
} from '@bo/contract/mail-blocks';
import { ActionIcon, Button, Fieldset, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { BlockFields, emptyBlock, type TemplateForm } from './block-fields.tsx';

const BLOCK_TYPES: MailBlockType[] = [
  'heading',
  'text',
  'image',
  'button',
  'divider',
  'columns',
  'footer',
];
const COLUMN_TYPES = ['text', 'image', 'button'] as const;

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * The mail as a list of blocks: each added from a menu, edited in place,
 * moved up or down and removed with buttons (all reachable by keyboard; a
 * moved block keeps the focus on its button). The server makes the HTML
 * (MJML) and the preview shows it.
 */
export function BlockEditor({ form }: { form: TemplateForm }) {
  const blocks = form.getValues().blocks;
  const hasFooter = blocks.at(-1)?.type === 'footer';
  const listError = form.errors.blocks;
  const add = (type: MailBlockType) => {
    // New blocks go above the footer, which stays last.
    const at = type === 'footer' || !hasFooter ? blocks.length : blocks.length - 1;
    form.insertListItem('blocks', emptyBlock(type), at);
  };
  return (
    <Stack gap="sm">
      {blocks.map((block, i) => (
        <ItemBox
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; the place is their identity
          key={i}
          form={form}
          listPath="blocks"
          index={i}
          count={blocks.length}
          legend={`Block ${i + 1} (${MAIL_BLOCK_LABELS[block.type]})`}
          // The footer stays last: it cannot move, nor can the block above it move down.
          canMove={block.type !== 'footer'}
          lastMovable={hasFooter ? blocks.length - 2 : blocks.length - 1}
        >
          {block.type === 'columns' ? (
            // One column above the other: side by side, a button's two fields are too narrow.
            <Stack gap="md">
              {(['left', 'right'] as const).map((side) => (
                <ColumnEditor
                  key={side}
                  form={form}
                  path={`blocks.${i}.${side}`}
                  label={`${capital(side)} column`}
                  items={block[side]}
                />
              ))}
            </Stack>
          ) : (
            <BlockFields form={form} path={`blocks.${i}`} block={block} />
          )}
        </ItemBox>
      ))}
      {typeof listError === 'string' && (
        <Text c="red" fz="sm" role="alert">
          {listError}
        </Text>
      )}
      <AddMenu
        label="Add block"
        types={BLOCK_TYPES.filter((t) => t !== 'footer' || !hasFooter)}
        onAdd={add}
      />
    </Stack>
  );
}

function ColumnEditor({
  form,
  path,
  label,
  items,
}: {
  form: TemplateForm;
  path: string;
  label: string;
  items: MailColumnItem[];
}) {
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {label}
      </Text>
      {items.map((item, j) => (
        <ItemBox
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; the place is their identity
          key={j}
          form={form}
          listPath={path}
          index={j}
          count={items.length}
          legend={`${label}, item ${j + 1} (${item.type})`}
          canMove
          lastMovable={items.length - 1}
        >
          <BlockFields form={form} path={`${path}.${j}`} block={item} />
        </ItemBox>
      ))}
      <AddMenu
        label={`Add to ${label.toLowerCase()}`}
        types={[...COLUMN_TYPES]}
        onAdd={(type) => form.insertListItem(path, emptyBlock(type))}
      />
    </Stack>
  );
}

/** One block or column item: its fields, and buttons to move it up or down and remove it. */
function ItemBox({
  form,
  listPath,
  index,
  count,
  legend,
  canMove,
  lastMovable,
  children,
}: {
  form: TemplateForm;
  listPath: string;
  index: number;
  count: number;
  legend: string;
  canMove: boolean;
  lastMovable: number;
  children: React.ReactNode;
}) {
  const id = `${listPath}.${index}`;
  const move = (by: -1 | 1) => {
    form.reorderListItem(listPath, { from: index, to: index + by });
    // The block moved, and its buttons with it: keep the focus on the one pressed.
    requestAnimationFrame(() => {
      const moved = document.querySelector<HTMLButtonElement>(
        `[data-move="${listPath}.${index + by}.${by}"]`,
      );
      (moved && !moved.disabled
        ? moved
        : document.querySelector<HTMLElement>(`[data-move="${listPath}.${index + by}.${-by}"]`)
      )?.focus();
    });
  };
  const tools = [
    { by: -1 as const, label: 'Move up', icon: IconArrowUp, off: !canMove || index === 0 },
    {
      by: 1 as const,
      label: 'Move down',
      icon: IconArrowDown,
      off: !canMove || index >= lastMovable,
    },
  ];
  return (
    <Fieldset legend={legend} variant="filled" data-block={id} p="sm">
      <Group justify="flex-end" gap={4} mt={-8} mb={4}>
        {tools.map((t) => (
          <Tooltip key={t.by} label={t.label}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`${t.label}: ${legend}`}
              data-move={`${id}.${t.by}`}
              disabled={t.off}
              onClick={() => move(t.by)}
            >
              <t.icon size={16} />
            </ActionIcon>
          </Tooltip>
        ))}
        <Tooltip label="Remove">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${legend}`}
            disabled={count === 1 && listPath !== 'blocks'}
            onClick={() => form.removeListItem(listPath, index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {children}
    </Fieldset>
  );
}

function AddMenu<T extends MailBlockType>({
  label,
  types,
  onAdd,
}: {
  label: string;
  types: T[];
  onAdd: (type: T) => void;
}) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} w="fit-content">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {types.map((t) => (
          <Menu.Item key={t} onClick={() => onAdd(t)}>
            {capital(MAIL_BLOCK_LABELS[t])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
