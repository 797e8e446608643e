import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useDownload } from '../lib/use-download.ts';

/**
 * "Export" on a list screen: downloads the list as its filters stand (the
 * URL's values without the page), busy while the file comes, a failure in
 * a toast.
 */
export function ExportListButton<V extends { page?: unknown; pageSize?: unknown }>({
  values,
  download,
  failure,
}: {
  values: V;
  download: (filters: Omit<V, 'page' | 'pageSize'>) => Promise<void>;
  failure: string;
}) {
  const exporting = useDownload(failure);
  const { page: _page, pageSize: _pageSize, ...filters } = values;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={exporting.busy}
      onClick={() => void exporting.start(() => download(filters))}
    >
      Export
    </Button>
  );
}
