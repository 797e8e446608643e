import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useDownload } from '../../../lib/use-download.ts';
import type { ReportFileFormat } from '../api/report-query.ts';

/**
 * The report's rows as CSV or Excel, with the period and filters on screen.
 * Excel is refused by the server above a sheet's row limit; its message (take
 * CSV, or narrow the dates) is what the toast shows.
 */
export function DownloadMenu({
  download,
  label = 'Download',
}: {
  download: (format: ReportFileFormat) => Promise<void>;
  label?: string;
}) {
  const { busy, start } = useDownload('The report could not be downloaded');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          loading={busy}
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`${label}: CSV or Excel`}
        >
          Download
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => start(() => download('csv'))}>CSV (any size)</Menu.Item>
        <Menu.Item onClick={() => start(() => download('xlsx'))}>Excel (XLSX)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
