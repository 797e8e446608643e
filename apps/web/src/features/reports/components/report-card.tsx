import { Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReportFileFormat } from '../api/report-query.ts';
import { DownloadMenu } from './download-menu.tsx';

/** A chart or table of a report, titled, with the report's download beside its title. */
export function ReportCard({
  title,
  download,
  children,
  testId,
}: {
  title: string;
  download: (format: ReportFileFormat) => Promise<void>;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Text component="h2" fw={600} fz="md">
          {title}
        </Text>
        <DownloadMenu download={download} label={`Download the report (${title})`} />
      </Group>
      {children}
    </Card>
  );
}
