import { ErrorCode } from '@bo/contract/error-codes';
import { PRINTED_CODES_TO_LABELS, type PrintedCodesTo } from '@bo/contract/printed-codes';
import { Button, Group, List, Modal, Radio, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../lib/api-error.ts';

/**
 * Printed QR codes are never orphaned in silence: a delete that would leave
 * printed codes without their target asks where they should point next, or
 * for an explicit "leave them without content". The server refuses such a
 * delete (409 printed_codes_need_a_target) until the request names the
 * choice; these are the question's parts, shared by every such screen.
 */

export interface CodesChoice {
  qrCodesTo: PrintedCodesTo;
  qrCodesTargetId?: number;
}

export type Offer = Exclude<PrintedCodesTo, 'none'>;

export interface TargetOption {
  value: string;
  label: string;
}

export const isPrintedCodesRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === ErrorCode.printed_codes_need_a_target;

/** The chosen value as the request's fields, or null while incomplete. */
export function choiceFields(to: PrintedCodesTo | null, target: string | null): CodesChoice | null {
  if (!to) return null;
  if (to === 'node' || to === 'video') {
    return target ? { qrCodesTo: to, qrCodesTargetId: Number(target) } : null;
  }
  return { qrCodesTo: to };
}

/** The radio group of choices (and the node or video picker when one is chosen). */
export function PrintedCodesChoiceField(props: {
  offer: readonly Offer[];
  to: PrintedCodesTo | null;
  target: string | null;
  onChange: (to: PrintedCodesTo | null, target: string | null) => void;
  /** Nodes or videos to point at, for "Another node" / "Another video". */
  targets?: TargetOption[];
  onSearchTargets?: (search: string) => void;
  error?: string | null;
}) {
  const picking = props.to === 'node' || props.to === 'video';
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Where should they point next?"
        value={props.to}
        onChange={(v) => props.onChange(v as PrintedCodesTo, null)}
        error={picking ? null : props.error}
      >
        <Stack gap={6} mt={6}>
          {[...props.offer, 'none' as const].map((o) => (
            <Radio key={o} value={o} label={PRINTED_CODES_TO_LABELS[o]} />
          ))}
        </Stack>
      </Radio.Group>
      {picking && (
        <Select
          label={props.to === 'node' ? 'Node' : 'Video'}
          data={props.targets ?? []}
          value={props.target}
          onChange={(v) => props.onChange(props.to, v)}
          searchable
          {...(props.onSearchTargets ? { onSearchChange: props.onSearchTargets } : {})}
          nothingFoundMessage="Nothing found"
          error={props.error}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}

/** The codes a refusal named: one line each (book, ISBN, where, scans, last scan). */
export function RefusedCodesList({ error }: { error: ApiError }) {
  return (
    <ScrollArea.Autosize mah={180} type="auto">
      <List
        size="sm"
        spacing={2}
        aria-label="Printed codes"
        tabIndex={0}
        data-testid="printed-codes-list"
      >
        {error.details.map((d) => (
          <List.Item key={d.path}>{d.message}</List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}

/**
 * Asked after the server refused a write over printed codes: shows what it
 * said and the codes it named, and sends the write again with the choice.
 */
export function PrintedCodesDialog(props: {
  error: ApiError;
  offer: readonly Offer[];
  targets?: TargetOption[];
  onSearchTargets?: (search: string) => void;
  confirmLabel: string;
  loading: boolean;
  onConfirm: (choice: CodesChoice) => void;
  onClose: () => void;
}) {
  const [to, setTo] = useState<PrintedCodesTo | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const choice = choiceFields(to, target);
    if (!choice) {
      setError(to ? 'Choose where they should point' : 'Choose one');
      return;
    }
    props.onConfirm(choice);
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title="Printed QR codes point here"
      closeOnClickOutside={!props.loading}
      closeOnEscape={!props.loading}
    >
      <Stack gap="md">
        <Text fz="sm">{props.error.message}</Text>
        <RefusedCodesList error={props.error} />
        <PrintedCodesChoiceField
          offer={props.offer}
          to={to}
          target={target}
          onChange={(t, v) => {
            setTo(t);
            setTarget(v);
            setError(null);
          }}
          {...(props.targets ? { targets: props.targets } : {})}
          {...(props.onSearchTargets ? { onSearchTargets: props.onSearchTargets } : {})}
          error={error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={props.loading}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
