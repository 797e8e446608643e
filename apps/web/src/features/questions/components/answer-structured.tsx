import { MATCHING_DISTRACTORS_MAX, MATCHING_PAIRS, ORDERING_ITEMS } from '@bo/contract/questions';
import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { EditorValues } from './editor-values.ts';

type Form = UseFormReturnType<EditorValues>;
type ListPath = 'matching.pairs' | 'matching.distractors' | 'ordering.items';
/** The rich-text field at a form path (the editor's lazily loaded one). */
type RenderEditor = (path: string, label: string) => ReactNode;

/**
 * One list of the structured types (pairs, extra right-hand texts, items)
 * with buttons to move, remove and add entries: keyboard-usable, each
 * button named after its entry, no drag needed.
 */
function MovableList({
  form,
  path,
  noun,
  count,
  min,
  max,
  empty,
  movable = true,
  children,
}: {
  form: Form;
  path: ListPath;
  noun: string;
  count: number;
  min: number;
  max: number;
  empty: () => unknown;
  movable?: boolean;
  children: (index: number) => ReactNode;
}) {
  const move = (from: number, to: number) => form.reorderListItem(path, { from, to });
  return (
    <Stack gap="sm">
      {Array.from({ length: count }, (_, i) => (
        // Entries have no identity but their place in the list.
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the entry's identity
        <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ flex: 1, minWidth: 0 }}>{children(i)}</div>
          <Group gap={2} mt={30} wrap="nowrap">
            {movable && (
              <>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${noun} ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${noun} ${i + 1} down`}
                  disabled={i === count - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </>
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${noun} ${i + 1}`}
              disabled={count <= min}
              onClick={() => form.removeListItem(path, i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      {count < max && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem(path, empty() as never)}
          >
            Add {noun}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const ListError = ({ error }: { error: ReactNode }) =>
  error ? (
    <Text c="red.9" fz="sm" role="alert">
      {error}
    </Text>
  ) : null;

/** Matching: the pairs (left and right), then right-hand texts that match nothing. */
export function AnswerMatching({ form, rich }: { form: Form; rich: RenderEditor }) {
  const { pairs, distractors } = form.getValues().matching;
  return (
    <Stack gap="md" data-testid="answer-matching" data-path="matching" tabIndex={-1}>
      <ListError error={form.errors.matching} />
      <Input.Wrapper
        label="Pairs"
        labelElement="div"
        description="Each left-hand text with the right-hand text it matches. Learners see the right-hand texts shuffled."
        error={form.errors['matching.pairs']}
      >
        <MovableList
          form={form}
          path="matching.pairs"
          noun="pair"
          count={pairs.length}
          min={MATCHING_PAIRS.min}
          max={MATCHING_PAIRS.max}
          empty={() => ({ left: '', right: '' })}
        >
          {(i) => (
            <Group grow align="flex-start" gap="sm" data-path={`matching.pairs.${i}`}>
              {rich(`matching.pairs.${i}.left`, `Pair ${i + 1}: left`)}
              {rich(`matching.pairs.${i}.right`, `Pair ${i + 1}: right`)}
            </Group>
          )}
        </MovableList>
      </Input.Wrapper>
      <Input.Wrapper
        label="Extra right-hand texts"
        labelElement="div"
        description="Optional: texts that match no left-hand one, shown among the others."
      >
        <MovableList
          form={form}
          path="matching.distractors"
          noun="extra right-hand text"
          count={distractors.length}
          min={0}
          max={MATCHING_DISTRACTORS_MAX}
          empty={() => ''}
          movable={false}
        >
          {(i) => rich(`matching.distractors.${i}`, `Extra right-hand text ${i + 1}`)}
        </MovableList>
      </Input.Wrapper>
    </Stack>
  );
}

/** Ordering: the items written in their right order (learners get them shuffled). */
export function AnswerOrdering({ form, rich }: { form: Form; rich: RenderEditor }) {
  const { items } = form.getValues().ordering;
  return (
    <Input.Wrapper
      label="Items in the right order"
      labelElement="div"
      description="Write them first to last; learners get them shuffled."
      error={form.errors['ordering.items'] ?? form.errors.ordering}
      data-testid="answer-ordering"
    >
      <Stack mt="xs" data-path="ordering.items" tabIndex={-1}>
        <MovableList
          form={form}
          path="ordering.items"
          noun="item"
          count={items.length}
          min={ORDERING_ITEMS.min}
          max={ORDERING_ITEMS.max}
          empty={() => ''}
        >
          {(i) => rich(`ordering.items.${i}`, `Item ${i + 1}`)}
        </MovableList>
      </Stack>
    </Input.Wrapper>
  );
}
