import { QR_MAX_PER_REQUEST } from '@bo/contract/qr-codes';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGenerateQrCodes } from '../api/generate-qr-codes.ts';
import { useBookToc } from '../api/get-book-toc.ts';
import { useQrAddress } from '../api/get-qr-address.ts';
import { nodePaths } from './node-paths.ts';
import { QrAddressNote } from './qr-address-note.tsx';

/** Codes for chosen TOC nodes (those already coded are shown and skipped) or N spare codes. */
export function GenerateModal({
  bookId,
  isbn,
  codedNodes,
  onQueued,
  onClose,
}: {
  bookId: number;
  isbn: string;
  codedNodes: Set<number>;
  /** A large generation was queued as a job: its id, to follow it. */
  onQueued: (jobId: string) => void;
  onClose: () => void;
}) {
  const toc = useBookToc(isbn);
  const generate = useGenerateQrCodes();
  const address = useQrAddress();
  const [mode, setMode] = useState<'nodes' | 'spare'>('nodes');
  const [chosen, setChosen] = useState<number[]>([]);
  const [count, setCount] = useState<number | string>(10);
  const [error, setError] = useState<string | null>(null);
  const nodes = nodePaths(toc.data?.nodes ?? []);

  const submit = () => {
    if (mode === 'nodes' && chosen.length === 0) return setError('Choose at least one node');
    const n = Number(count);
    if (mode === 'spare' && !(Number.isInteger(n) && n >= 1 && n <= QR_MAX_PER_REQUEST))
      return setError(`Between 1 and ${QR_MAX_PER_REQUEST}`);
    generate.mutate(
      mode === 'nodes' ? { mode, bookId, nodeIds: chosen } : { mode, bookId, count: n },
      {
        onSuccess: (r) => {
          if (r.jobId) onQueued(r.jobId);
          else notifySuccess(`${r.created} code${r.created === 1 ? '' : 's'} generated`);
          onClose();
        },
        onError: (e) => notifyError(e, 'Could not generate the codes'),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Generate QR codes" size="lg">
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(v) => {
            setMode(v as 'nodes' | 'spare');
            setError(null);
          }}
          data={[
            { value: 'nodes', label: 'Chosen TOC nodes' },
            { value: 'spare', label: 'Spare codes' },
          ]}
        />
        {mode === 'nodes' ? (
          <Checkbox.Group
            label="Nodes"
            description="A node that already has a code is not given a second one."
            value={chosen.map(String)}
            onChange={(v) => {
              setChosen(v.map(Number));
              setError(null);
            }}
            error={error}
          >
            {/* Focusable and named: when every node already has a code no
                checkbox takes focus, and the keyboard must still scroll the list. */}
            <ScrollArea.Autosize
              mah={320}
              mt="xs"
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'TOC nodes (scrolls)' }}
            >
              <Stack gap={6}>
                {nodes.map((n) => (
                  <Checkbox
                    key={n.id}
                    value={String(n.id)}
                    label={`${n.path}${codedNodes.has(n.id) ? ' (has a code)' : ''}`}
                    disabled={codedNodes.has(n.id)}
                  />
                ))}
                {toc.isSuccess && nodes.length === 0 && (
                  <Text fz="sm" c="dimmed">
                    This book has no TOC yet.
                  </Text>
                )}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        ) : (
          <NumberInput
            label="How many spare codes"
            description="Printed now, pointed at a node or the book later."
            min={1}
            max={QR_MAX_PER_REQUEST}
            value={count}
            onChange={(v) => {
              setCount(v);
              setError(null);
            }}
            error={error}
          />
        )}
        <QrAddressNote address={address} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={generate.isPending} disabled={!!address.data?.problem}>
            Generate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
