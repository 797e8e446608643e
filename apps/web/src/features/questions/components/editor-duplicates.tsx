import type { QuestionFieldsInput } from '@bo/contract';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useDuplicates } from '../api/check-duplicates.ts';

/** How long typing must pause before the bank is asked again. */
const DEBOUNCE_MS = 600;

/**
 * Duplicate warnings as the admin types: a question with the same stem,
 * options and key is an error (saving would be refused) with a link to it;
 * similar questions are warnings with links, never merged. Only the fields
 * that make a duplicate are sent, so typing marks or tags asks nothing.
 */
export function EditorDuplicates({
  question,
  exceptId,
}: {
  question: QuestionFieldsInput | null;
  exceptId: number | undefined;
}) {
  const key = question
    ? JSON.stringify({
        type: question.type,
        stem: question.stem,
        options: question.options,
        blanks: question.blanks,
        numeric: question.numeric,
      })
    : null;
  const [settled] = useDebouncedValue(key, DEBOUNCE_MS);
  const body = useMemo(
    () =>
      settled
        ? {
            question: JSON.parse(settled) as QuestionFieldsInput,
            ...(exceptId ? { exceptId } : {}),
          }
        : null,
    [settled, exceptId],
  );
  const found = useDuplicates(body);
  // A check that failed says nothing: saving gives the final word.
  if (!body || !found.data) return null;
  const { exact, near } = found.data;
  return (
    <>
      {exact && (
        <Alert
          color="red"
          icon={<IconCopy size={18} />}
          title="This question is already in the bank"
          role="alert"
          data-testid="exact-duplicate"
        >
          <Text fz="sm">
            Question{' '}
            <Anchor component={Link} to={`/questions/${exact.id}`} target="_blank">
              #{exact.id}
            </Anchor>{' '}
            has the same text, options and answer; saving this one would be refused. Change it, or
            edit that one instead.
          </Text>
        </Alert>
      )}
      {near.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={`${near.length} similar question${near.length === 1 ? '' : 's'} in the bank`}
          data-testid="near-duplicates"
        >
          <List size="sm" spacing={4}>
            {near.map((n) => (
              <List.Item key={n.id}>
                <Anchor component={Link} to={`/questions/${n.id}`} target="_blank">
                  #{n.id}
                </Anchor>{' '}
                {n.text} ({Math.round(n.similarity * 100)}% alike)
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
