import { ActionIcon, Alert, Box, Group, NumberInput, Switch, Text } from '@mantine/core';
import { IconFolderSymlink, IconTrash } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';
import classes from './item-row.module.css';
import type { RowActions, RowItem } from './item-row.tsx';

/**
 * What a row shows beside its handle: the number, the stem or the
 * instruction, marks and negative marks typed in place (saved when the field
 * is left), the active switch and remove. The checklist's problems about it
 * show under it. Memoised apart from the sortable shell, which re-renders on
 * every step of a drag: this part depends on the item only.
 */
export const ItemRowBody = memo(function ItemRowBody({
  item,
  problems,
  actions,
}: {
  item: RowItem;
  problems: string[] | undefined;
  actions: RowActions;
}) {
  const { onActive, onMove } = actions;
  const [marks, setMarks] = useState<number | string>(item.marks ?? '');
  const [negative, setNegative] = useState<number | string>(item.negativeMarks ?? 0);
  const [seen, setSeen] = useState(item);
  // The server's marks win when the item is read again (after "marks for all").
  if (seen.marks !== item.marks || seen.negativeMarks !== item.negativeMarks) {
    setSeen(item);
    setMarks(item.marks ?? '');
    setNegative(item.negativeMarks ?? 0);
  }
  const save = () => {
    const m = Number(marks);
    const n = Number(negative || 0);
    if (marks === '' || Number.isNaN(m)) return;
    if (m === item.marks && n === (item.negativeMarks ?? 0)) return;
    actions.onMarks(item, m, n);
  };
  const isQuestion = item.kind === 'question';

  return (
    <>
      <span className={classes.no}>{item.no}.</span>
      <div className={classes.main}>
        <div className={classes.tags}>
          <span className={classes.tag} data-tone={isQuestion ? undefined : 'grape'}>
            {isQuestion ? (item.question?.type ?? 'question').replace(/_/g, ' ') : 'Instruction'}
          </span>
          {isQuestion && item.question && item.question.status !== 'active' && (
            <span className={classes.tag} data-tone="orange">
              {item.question.status} in the bank
            </span>
          )}
          {!item.active && (
            <span className={classes.tag} data-tone="gray">
              Inactive
            </span>
          )}
        </div>
        <Box fz="sm">
          <RichTextView
            html={(isQuestion ? item.question?.stem : item.instruction) ?? ''}
            lines={3}
          />
        </Box>
        {actions.extraOf?.(item)}
        {problems?.map((p) => (
          <Alert key={p} color="red" variant="light" p={6} role="alert">
            <Text fz="xs">{p}</Text>
          </Alert>
        ))}
      </div>
      <div className={classes.controls}>
        {isQuestion && (
          <Group gap={6} wrap="nowrap" align="flex-end">
            <MarkField
              label="Marks"
              name={`Marks of ${item.name}`}
              step={0.5}
              value={marks}
              onChange={setMarks}
              onDone={save}
            />
            <MarkField
              label="Negative"
              name={`Negative marks of ${item.name}`}
              step={0.25}
              value={negative}
              onChange={setNegative}
              onDone={save}
            />
          </Group>
        )}
        <div className={classes.actions} data-with-marks={isQuestion || undefined}>
          {onActive && (
            <Switch
              mt={isQuestion ? 2 : 0}
              size="sm"
              checked={item.active}
              onChange={(e) => onActive(item, e.currentTarget.checked)}
              aria-label={`${item.name} active`}
            />
          )}
          {onMove && (
            // A plain button, not an ActionIcon: one per row, 500 rows.
            <button
              type="button"
              className={`${classes.action} mantine-focus-auto`}
              aria-label={`Move ${item.name} to another section`}
              onClick={() => onMove(item)}
            >
              <IconFolderSymlink size={16} aria-hidden />
            </button>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${item.name}`}
            onClick={() => actions.onRemove(item)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </div>
      </div>
    </>
  );
});

/**
 * A mark shown as a button that becomes a NumberInput once focused (by Tab
 * or a click): the same label and name, a fraction of the cost per row.
 */
function MarkField({
  label,
  name,
  step,
  value,
  onChange,
  onDone,
}: {
  label: string;
  name: string;
  step: number;
  value: number | string;
  onChange: (v: number | string) => void;
  onDone: () => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <NumberInput
        label={label}
        size="xs"
        w={72}
        min={0}
        step={step}
        decimalScale={2}
        value={value}
        onChange={onChange}
        // The focused button became this field: focus stays on it.
        autoFocus
        onBlur={() => {
          setEditing(false);
          onDone();
        }}
        onKeyDown={(e) => e.key === 'Enter' && onDone()}
        aria-label={name}
      />
    );
  return (
    <Box w={72}>
      <span className={classes.fieldLabel} aria-hidden>
        {label}
      </span>
      <button
        type="button"
        className={classes.fieldValue}
        aria-label={`${name}: ${value === '' ? 'none' : value}`}
        onFocus={() => setEditing(true)}
      >
        {value}
      </button>
    </Box>
  );
}
