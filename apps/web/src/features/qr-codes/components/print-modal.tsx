import { QR_LAYOUT_LABELS, QR_LAYOUTS, type QrLayout } from '@bo/contract/qr-codes';
import { Box, Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDownload } from '../../../lib/use-download.ts';
import { useQrAddress } from '../api/get-qr-address.ts';
import { QrAddressNote } from './qr-address-note.tsx';

const GRID: Record<QrLayout, { columns: number; rows: number }> = {
  '21': { columns: 3, rows: 7 },
  '14': { columns: 2, rows: 7 },
  '1': { columns: 1, rows: 1 },
};

/** Stable names of the preview's cells (a sheet holds at most 21). */
const CELLS = Array.from({ length: 21 }, (_, i) => `cell-${i + 1}`);

/**
 * Picks a sheet layout, previews the first page (where each code lands),
 * says what the codes open and downloads the print-ready PDF (not while the
 * server refuses that address).
 */
export function PrintModal({
  codes,
  total,
  print,
  onClose,
}: {
  /** The first codes, for the preview. */
  codes: string[];
  /** How many codes the PDF holds. */
  total: number;
  print: (layout: QrLayout) => Promise<void>;
  onClose: () => void;
}) {
  const [layout, setLayout] = useState<QrLayout>('21');
  const download = useDownload('Could not make the PDF');
  const address = useQrAddress();
  const { columns, rows } = GRID[layout];
  const perPage = columns * rows;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Modal opened onClose={onClose} title="Print QR codes" size="lg">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Stack style={{ flex: 1 }}>
          <Radio.Group
            label="Layout (A4)"
            value={layout}
            onChange={(v) => setLayout(v as QrLayout)}
          >
            <Stack gap="xs" mt="xs">
              {QR_LAYOUTS.map((l) => (
                <Radio key={l} value={l} label={QR_LAYOUT_LABELS[l]} />
              ))}
            </Stack>
          </Radio.Group>
          <Text fz="sm" c="dimmed" data-testid="print-summary">
            {total} code{total === 1 ? '' : 's'} on {pages} page{pages === 1 ? '' : 's'}. Each label
            holds the QR code, its code in text, the ISBN and the TOC path or video title.
          </Text>
          <QrAddressNote address={address} example={codes[0]} />
        </Stack>
        <Box
          role="img"
          aria-label={`Preview of the first page: ${Math.min(perPage, total)} labels`}
          w={150}
          h={212}
          p={4}
          style={{
            border: '1px solid var(--mantine-color-gray-4)',
            background: 'white',
            flex: 'none',
          }}
        >
          <SimpleGrid
            cols={columns}
            spacing={2}
            verticalSpacing={2}
            h="100%"
            style={{ gridTemplateRows: `repeat(${rows}, 1fr)` }}
          >
            {CELLS.slice(0, perPage).map((cell, i) => (
              <Box
                key={cell}
                style={{
                  border: '1px dashed var(--mantine-color-gray-4)',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontSize: layout === '1' ? 14 : 6,
                }}
              >
                {codes[i] && (
                  <>
                    <Box w={layout === '1' ? 90 : 12} h={layout === '1' ? 90 : 12} bg="dark" />
                    <span>{codes[i]}</span>
                  </>
                )}
              </Box>
            ))}
          </SimpleGrid>
        </Box>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button
          loading={download.busy}
          disabled={total === 0 || !address.isSuccess || address.data.problem !== null}
          onClick={() => download.start(() => print(layout))}
        >
          Download PDF
        </Button>
      </Group>
    </Modal>
  );
}
