import type { UploadTocResponse } from '@bo/contract';
import { List, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ImportModal } from '../../../components/import-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadTocTemplate } from '../api/download-toc.ts';
import { tocKeys } from '../api/toc-mutation.ts';
import { uploadToc } from '../api/upload-toc.ts';

const SHOWN_MISSING = 10;
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function Summary({ report }: { report: UploadTocResponse }) {
  const missing = report.notInSheet;
  return (
    <>
      <Text fz="sm" data-testid="toc-upload-counts">
        {count(report.created, 'new node')} · {report.updated} updated · {report.moved} moved
      </Text>
      {missing.length > 0 && (
        <>
          <Text fz="sm">
            {count(missing.length, 'node')} of the book {missing.length === 1 ? 'is' : 'are'} not in
            the file and will be kept:
          </Text>
          <List size="sm">
            {missing.slice(0, SHOWN_MISSING).map((m) => (
              <List.Item key={m.id}>{m.path}</List.Item>
            ))}
            {missing.length > SHOWN_MISSING && (
              <List.Item>and {missing.length - SHOWN_MISSING} more</List.Item>
            )}
          </List>
        </>
      )}
    </>
  );
}

/**
 * TOC upload in the downloadtoc layout: checked first (counts and every bad
 * cell), then applied all or nothing. Nodes missing from the sheet are kept;
 * deleting is done in the tree, where it is confirmed node by node.
 */
export function TocUploadModal({ bookId, onClose }: { bookId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <ImportModal<UploadTocResponse>
      title="Upload TOC"
      intro={
        <>
          One row per node, depth first: its title in the column of its level (Level 1, Level 2…),
          then Node Id (empty for a new node), Kind, Free (Yes/No) and Status. To change the current
          TOC, start from its download.
        </>
      }
      fileLabel="TOC file"
      onTemplate={downloadTocTemplate}
      send={(input) => uploadToc({ ...input, bookId, removeMissing: false })}
      summary={(report) => <Summary report={report} />}
      commitLabel={() => 'Apply'}
      onImported={(report) => {
        notifySuccess(
          `TOC updated: ${report.created} created, ${report.updated} updated, ${report.moved} moved.`,
        );
        void queryClient.invalidateQueries({ queryKey: tocKeys.all });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
