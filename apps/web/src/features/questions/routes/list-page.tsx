import type { QuestionRow } from '@bo/contract';
import { questionListQuery } from '@bo/contract/questions-routes';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { NotCarriedDialog } from '../../../components/not-carried-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { TRAVEL_FORMATS, useTravelExport } from '../../../lib/use-travel-export.ts';
import { exportQuestions, type QuestionExportQuery } from '../api/export-questions.ts';
import { useQuestions } from '../api/list-questions.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { hasQuestionFilters, ListFilters } from '../components/list-filters.tsx';
import { ListQuestionsTable } from '../components/list-questions-table.tsx';

// The preview draws the whole question in the browser (DOMPurify, KaTeX's
// code): loaded on the first preview, not with the list.
const PreviewDrawer = lazyDialog(() =>
  import('../components/preview-drawer.tsx').then((m) => m.PreviewDrawer),
);
const ImportQuestionsModal = lazyDialog(() =>
  import('../components/import-questions-modal.tsx').then((m) => m.ImportQuestionsModal),
);

/**
 * /questions: the question bank's list (search, filters, sort and page in the
 * URL), a preview of any row, bulk status and delete, export of the filtered
 * set and import.
 */
export function QuestionsListPage() {
  const params = useListParams(questionListQuery);
  const { values } = params;
  const list = useQuestions(values);
  const [selected, setSelected] = useRowSelection<QuestionRow>(values);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const exporting = useTravelExport('Could not export the questions');

  // Unsorted, the server lists the last updated first: the table shows that.
  const tableParams = {
    ...params,
    values: values.sort ? values : { ...values, sort: 'updatedAt', order: 'desc' as const },
  };

  const exportAs = (format: NonNullable<QuestionExportQuery['format']>, name: string) => {
    const { page: _p, pageSize: _s, ...filters } = values;
    void exporting.start(name, (leaveOut) => exportQuestions({ ...filters, format, leaveOut }));
  };

  return (
    <>
      <PageHeader
        title="Question bank"
        description="Questions with their answers, by curriculum: find, preview, import and export them."
        actions={
          <>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={exporting.busy}
                >
                  Export
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>The questions listed, every page</Menu.Label>
                <Menu.Item onClick={() => exportAs('xlsx', 'a spreadsheet')}>
                  Spreadsheet (XLSX)
                </Menu.Item>
                <Menu.Item onClick={() => exportAs('moodle', 'Moodle XML')}>Moodle XML</Menu.Item>
                <Menu.Item onClick={() => exportAs('gift', 'GIFT')}>GIFT (text)</Menu.Item>
                {TRAVEL_FORMATS.map((f) => (
                  <Menu.Item key={f.format} onClick={() => exportAs(f.format, f.name)}>
                    {f.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setImporting(true)}
            >
              Import
            </Button>
            <Button component={Link} to="/questions/new" leftSection={<IconPlus size={16} />}>
              New question
            </Button>
          </>
        }
      />
      <ListFilters values={values} onChange={params.update} />
      {selected.length > 0 && (
        <BulkActions
          selected={selected}
          listValues={values}
          matchingCount={
            list.data ? { n: list.data.total, estimate: list.data.totalIsEstimate } : null
          }
          onDone={() => setSelected([])}
        />
      )}
      <ListQuestionsTable
        params={tableParams}
        query={list}
        totalIsEstimate={list.data?.totalIsEstimate ?? false}
        filtered={hasQuestionFilters(values)}
        selected={selected}
        onSelect={setSelected}
        onPreview={(q) => setPreviewId(q.id)}
      />
      {previewId !== null && <PreviewDrawer id={previewId} onClose={() => setPreviewId(null)} />}
      {importing && <ImportQuestionsModal onClose={() => setImporting(false)} />}
      <NotCarriedDialog exporting={exporting} />
    </>
  );
}
