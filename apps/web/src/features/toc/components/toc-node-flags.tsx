import type { TocNode, TocNodeStatus, UpdateTocNodeBody } from '@bo/contract';
import { Checkbox, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { canOpen, useMe } from '../../../lib/session.ts';
import { useUpdateTocNode } from '../api/update-toc-node.ts';
import { subtreeIds } from '../utils/flat-tree.ts';

/**
 * The node's free flag (open without purchase) and status (inactive nodes are
 * hidden from learners), optionally applied to every node under it as well.
 */
export function TocNodeFlags({ isbn, node }: { isbn: string; node: TocNode }) {
  const update = useUpdateTocNode(isbn);
  // The free flag is the book's free sample: the server asks for Free content too.
  const mayChangeFree = canOpen(useMe().data, 'free_content');
  const [subtree, setSubtree] = useState(false);
  const below = subtreeIds(node).length - 1;
  const save = (change: Pick<UpdateTocNodeBody, 'isFree' | 'status'>) =>
    update
      .mutateAsync({ id: node.id, ...change, subtree: subtree && below > 0 })
      .catch(notifyError);
  const pending = update.isPending ? update.variables : undefined;
  const isFree = pending?.isFree ?? node.isFree;
  const status = pending?.status ?? node.status;
  return (
    <Stack gap={6}>
      <Group gap="lg" align="center">
        <Switch
          label="Free"
          aria-label={`Free: ${node.title}`}
          checked={isFree}
          disabled={update.isPending || !mayChangeFree}
          description={mayChangeFree ? undefined : 'Needs Free content'}
          onChange={(e) => save({ isFree: e.currentTarget.checked })}
        />
        <Group gap={6} align="center">
          <Text fz="sm">Status</Text>
          <SegmentedControl
            size="xs"
            aria-label="Status"
            value={status}
            disabled={update.isPending}
            onChange={(v) => save({ status: v as TocNodeStatus })}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
          />
        </Group>
      </Group>
      {below > 0 && (
        <Checkbox
          size="xs"
          label={`Also apply to the ${below} node${below === 1 ? '' : 's'} under it`}
          checked={subtree}
          onChange={(e) => setSubtree(e.currentTarget.checked)}
        />
      )}
      <Text fz="xs" c="dimmed">
        Free nodes make up the book's sample, open without a purchase; inactive nodes are switched
        off.
      </Text>
    </Stack>
  );
}
