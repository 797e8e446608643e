import type { AssessmentDetail } from '@bo/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAdjustments, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { NotCarriedDialog } from '../../../components/not-carried-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { TRAVEL_FORMATS, useTravelExport } from '../../../lib/use-travel-export.ts';
import { useChangeStatus } from '../api/change-status.ts';
import { type AssessmentExportFormat, exportAssessment } from '../api/export-assessment.ts';
import { useRename } from '../api/rename-assessment.ts';
import { useTestCategories } from '../api/test-categories.ts';
import { KINDS } from '../kinds.ts';
import { STATUS_COLOR, STATUS_LABEL, totalsText } from './labels.ts';
import { type Problems, splitProblems } from './problems.ts';
import { SettingsDrawer } from './settings-drawer.tsx';

/**
 * The builder's header: the name (typed in place where the kind renames),
 * what the kind belongs to, the totals and the status switch. A refused
 * activation hands every problem to `onProblems`; those about no item or
 * section are listed here.
 */
export function BuilderHeader({
  detail,
  problems,
  onProblems,
}: {
  detail: AssessmentDetail;
  problems: Problems;
  onProblems: (p: Problems | null) => void;
}) {
  const def = KINDS[detail.kind];
  const rename = useRename(detail.kind);
  const status = useChangeStatus(detail.kind);
  // Only a mock test names its category.
  const categories = useTestCategories(detail.kind === 'mock_test');
  const [name, setName] = useState(detail.name);
  const [seen, setSeen] = useState(detail.name);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const exporting = useTravelExport('Could not export');
  const exportAs = (format: AssessmentExportFormat, name: string) =>
    void exporting.start(name, (leaveOut) =>
      exportAssessment(detail.kind, detail.id, format, leaveOut),
    );
  if (seen !== detail.name) {
    setSeen(detail.name);
    setName(detail.name);
  }
  const saveName = () => {
    const next = name.trim();
    if (!next || next === detail.name) return setName(detail.name);
    rename.mutate(
      { id: detail.id, name: next },
      { onError: (e) => notifyError(e, 'Could not rename') },
    );
  };
  const setActive = (on: boolean) =>
    status.mutate(
      { id: detail.id, status: on ? 'active' : 'inactive' },
      {
        onSuccess: (a) => {
          onProblems(null);
          notifySuccess(`${def.label} is now ${STATUS_LABEL[a.status].toLowerCase()}.`);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409 && e.details.length > 0)
            onProblems(splitProblems(e.details));
          else notifyError(e, 'Could not change the status');
        },
      },
    );
  const category = categories.data?.items.find((c) => c.id === detail.testCategoryId);

  return (
    <Paper withBorder p="md" mb="md">
      {/* The screen's heading, for screen readers and the focus after navigation:
          the name itself is an editable field. */}
      <VisuallyHidden>
        <h1>
          {def.label}: {detail.name}
        </h1>
      </VisuallyHidden>
      {settingsOpen && <SettingsDrawer detail={detail} onClose={() => setSettingsOpen(false)} />}
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          {def.ops.rename ? (
            <TextInput
              label={`${def.label} name`}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              onBlur={saveName}
              onKeyDown={(e) => e.key === 'Enter' && saveName()}
              w={{ base: '100%', sm: 420 }}
              styles={{ input: { fontWeight: 600, fontSize: 18 } }}
            />
          ) : (
            <Text fw={600} fz="lg">
              {detail.name}
            </Text>
          )}
          <Group gap="md">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconAdjustments size={14} />}
              onClick={() => setSettingsOpen(true)}
            >
              Settings
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  loading={exporting.busy}
                >
                  Export
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {TRAVEL_FORMATS.map((f) => (
                  <Menu.Item key={f.format} onClick={() => exportAs(f.format, f.name)}>
                    {f.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Badge variant="dot" color={STATUS_COLOR[detail.status]} size="lg">
              {STATUS_LABEL[detail.status]}
            </Badge>
            <Switch
              label="Active"
              checked={detail.status === 'active'}
              disabled={status.isPending}
              onChange={(e) => setActive(e.currentTarget.checked)}
            />
          </Group>
        </Group>
        <Group gap="md">
          <Text fz="sm" data-testid="totals">
            {totalsText(detail.totals)}
          </Text>
          {category && (
            <Text fz="sm" c="dimmed">
              Category: {category.name}
            </Text>
          )}
          {detail.clonedFromId && (
            <Text fz="sm" c="dimmed">
              Cloned from #{detail.clonedFromId}
            </Text>
          )}
        </Group>
        {problems.top.length > 0 && (
          <Alert color="red" title="It cannot be activated yet" role="alert">
            <List size="sm">
              {problems.top.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
            {(problems.items.size > 0 || problems.sections.size > 0) && (
              <Text fz="sm" mt={4}>
                Problems of items and sections are shown on them below.
              </Text>
            )}
          </Alert>
        )}
        {problems.top.length === 0 && (problems.items.size > 0 || problems.sections.size > 0) && (
          <Alert color="red" title="It cannot be activated yet" role="alert">
            <Text fz="sm">The problems are shown on the items and sections below.</Text>
          </Alert>
        )}
        <NotCarriedDialog exporting={exporting} />
      </Stack>
    </Paper>
  );
}
