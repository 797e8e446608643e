import {
  Button,
  type ComboboxData,
  Group,
  Input,
  SegmentedControl,
  Select,
  type StyleProp,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import {
  type CSSProperties,
  Fragment,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { hasFilters, type ListPatch, type ListUpdate } from '../lib/search-params.ts';

type Width = StyleProp<CSSProperties['width']>;

/** One filter of a FilterBar, bound to the URL parameter `key`. */
export type FilterDef<K extends string = string> =
  | {
      kind: 'select';
      key: K;
      label: string;
      placeholder: string;
      data: ComboboxData;
      width: Width;
      searchable?: boolean;
      disabled?: boolean;
      /** Parameters that depend on this one and are cleared when it changes. */
      clears?: K[];
    }
  | {
      kind: 'segmented';
      key: K;
      label: string;
      data: { value: string; label: string }[];
      /** Label of the leading "no filter" choice. */
      anyLabel: string;
    }
  | {
      /** Free text, written to the URL once typing pauses. */
      kind: 'text';
      key: K;
      label: string;
      placeholder: string;
      width: Width;
      debounce?: number;
      leftSection?: ReactNode;
    }
  | {
      /** Anything else (a cascade of selects, a date range); `keys` are cleared with the rest. */
      kind: 'custom';
      keys: K[];
      element: ReactNode;
    };

export interface FilterBarProps<V extends object> {
  /** The URL state (useListParams `values`). */
  values: V;
  /** useListParams `update`. */
  onChange: ListUpdate;
  /** The search box, bound to `q`. */
  search?: { label: string; placeholder: string; width?: number };
  filters?: FilterDef<Extract<keyof V, string>>[];
  /** Labels above the inputs instead of accessible names only. */
  withLabels?: boolean;
}

const DEBOUNCE = 300;
const keysOf = (filter: FilterDef) => (filter.kind === 'custom' ? filter.keys : [filter.key]);
const asText = (value: unknown) =>
  value === undefined || value === null || value === '' ? null : String(value);

/**
 * Search box and filters of a list screen, every value kept in the URL; a
 * "Clear filters" button shows once any of them is set.
 */
export function FilterBar<V extends object>({
  values,
  onChange,
  search,
  filters = [],
  withLabels = false,
}: FilterBarProps<V>) {
  const record = values as Record<string, unknown>;
  const all: FilterDef[] = search
    ? [
        {
          kind: 'text',
          key: 'q',
          label: search.label,
          placeholder: search.placeholder,
          width: { base: '100%', sm: search.width ?? 280 },
          leftSection: <IconSearch size={16} />,
        },
        ...filters,
      ]
    : filters;
  const keys = all.flatMap(keysOf);
  const labelOf = (label: string) => (withLabels ? { label } : { 'aria-label': label });

  // Typing waits for a pause; clearing must also drop what is still waiting, or it would come back.
  const inputs = useRef(new Set<() => void>());
  const register = useCallback((reset: () => void) => {
    inputs.current.add(reset);
    return () => void inputs.current.delete(reset);
  }, []);
  const clear = () => {
    for (const reset of inputs.current) reset();
    onChange(Object.fromEntries(keys.map((key) => [key, undefined])));
  };

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      {all.map((filter) => {
        if (filter.kind === 'custom')
          return <Fragment key={filter.keys.join()}>{filter.element}</Fragment>;
        const { key } = filter;
        if (filter.kind === 'text') {
          return (
            <DebouncedInput
              key={key}
              {...labelOf(filter.label)}
              placeholder={filter.placeholder}
              leftSection={filter.leftSection}
              w={filter.width}
              value={asText(record[key])}
              delay={filter.debounce ?? DEBOUNCE}
              register={register}
              onCommit={(text) => onChange({ [key]: text }, { replace: true })}
            />
          );
        }
        if (filter.kind === 'segmented') {
          const control = (
            <SegmentedControl
              aria-label={filter.label}
              value={asText(record[key]) ?? ''}
              data={[{ value: '', label: filter.anyLabel }, ...filter.data]}
              onChange={(value) => onChange({ [key]: value })}
            />
          );
          return withLabels ? (
            <Input.Wrapper key={key} label={filter.label}>
              {control}
            </Input.Wrapper>
          ) : (
            <Fragment key={key}>{control}</Fragment>
          );
        }
        const patch: ListPatch = Object.fromEntries(
          (filter.clears ?? []).map((k) => [k, undefined]),
        );
        return (
          <Select
            key={key}
            {...labelOf(filter.label)}
            placeholder={filter.placeholder}
            data={filter.data}
            value={asText(record[key])}
            onChange={(value) => onChange({ ...patch, [key]: value })}
            disabled={filter.disabled}
            searchable={filter.searchable}
            clearable
            w={filter.width}
          />
        );
      })}
      {hasFilters(values, keys) && (
        <Button variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={clear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

/** A text input that keeps what is typed and commits it, trimmed, once typing pauses. */
function DebouncedInput({
  value,
  delay,
  register,
  onCommit,
  ...input
}: {
  value: string | null;
  delay: number;
  register: (reset: () => void) => () => void;
  onCommit: (text: string) => void;
  label?: string;
  'aria-label'?: string;
  placeholder: string;
  leftSection?: ReactNode;
  w: Width;
}) {
  const [text, setText] = useState(value ?? '');
  const push = useDebouncedCallback((next: string) => onCommit(next.trim()), delay);
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(
    () =>
      register(() => {
        push.cancel();
        setText('');
      }),
    [register, push],
  );
  return (
    <TextInput
      {...input}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
    />
  );
}
