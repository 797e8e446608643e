import { templatesQuery } from '@bo/contract/mail';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { hasFilters, useListParams } from '../../../lib/search-params.ts';
import { useTemplates } from '../api/list-templates.ts';

type Row = NonNullable<ReturnType<typeof useTemplates>['data']>['items'][number];

/** /mail-templates: the e-mail templates, newest change first. */
export function TemplatesPage() {
  const params = useListParams(templatesQuery);
  const { values, update } = params;
  const list = useTemplates(values);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Mail templates"
        description="E-mails to learners, with their name, grade or school filled in."
        actions={
          <Button component={Link} to="/mail-templates/new" leftSection={<IconPlus size={16} />}>
            New template
          </Button>
        }
      />
      <FilterBar
        values={values}
        onChange={update}
        search={{ label: 'Search templates', placeholder: 'Name or subject' }}
        filters={[]}
      />
      <ListTable<Row>
        list={'mail_templates'}
        params={params}
        query={list}
        noun="Templates"
        filtered={hasFilters(values, ['q'])}
        emptyIcon={IconTemplate}
        defaultSort="updatedAt"
        defaultOrder="desc"
        rowTestId={(t) => `template-row-${t.id}`}
        onRowClick={(t) => navigate(`/mail-templates/${t.id}`)}
        columns={[
          { accessor: 'name', sortable: true },
          { accessor: 'subject' },
          {
            accessor: 'variables',
            render: (t) => (
              <Group gap={4}>
                {t.variables.map((v) => (
                  <Badge key={v} variant="light" tt="none">
                    {v}
                  </Badge>
                ))}
                {t.variables.length === 0 && (
                  <Text fz="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Group>
            ),
          },
          {
            accessor: 'updatedAt',
            title: 'Changed',
            sortable: true,
            render: (t) => formatDateTime(t.updatedAt),
          },
        ]}
      />
    </>
  );
}
