import type { Book } from '@bo/contract';
import { isbnSchema } from '@bo/contract/isbn';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { liveValidation, showFormError, validateWith } from '../../../lib/form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAppendIsbns } from '../api/append-isbns.ts';
import { useRemoveExtraIsbn } from '../api/remove-extra-isbn.ts';

const validate = validateWith(z.object({ isbn: isbnSchema }));

/** A book's extra ISBNs (other printings sharing its content): add and remove. */
export function ExtraIsbns({ book }: { book: Book }) {
  const append = useAppendIsbns();
  const remove = useRemoveExtraIsbn();
  const [removing, setRemoving] = useState<string | null>(null);
  const form = useForm({ initialValues: { isbn: '' }, validate, ...liveValidation });

  const submit = form.onSubmit(async ({ isbn }) => {
    try {
      const r = await append.mutateAsync({ bookId: book.id, isbns: [isbn] });
      if (r.added.length) notifySuccess(`${r.added.join(', ')} was added.`);
      else notifySuccess(`${r.alreadyAttached.join(', ')} already belongs to this book.`);
      form.reset();
    } catch (error) {
      // The server's details name `body.isbns.0`; show it on the one field.
      showFormError(form, error);
      if (!form.errors.isbn) notifyError(error);
    }
  });

  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        Extra ISBNs
      </Text>
      {book.extraIsbns.length === 0 ? (
        <Text fz="sm" c="dimmed">
          None: add the ISBNs of other printings that share this book's content.
        </Text>
      ) : (
        <Group gap="xs" aria-label="Extra ISBNs" role="list">
          {book.extraIsbns.map((isbn) => (
            <Badge
              key={isbn}
              role="listitem"
              variant="light"
              color="gray"
              size="lg"
              ff="monospace"
              tt="none"
              rightSection={
                <Tooltip label="Remove">
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    color="gray"
                    aria-label={`Remove ${isbn}`}
                    onClick={() => setRemoving(isbn)}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                </Tooltip>
              }
            >
              {isbn}
            </Badge>
          ))}
        </Group>
      )}
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label="Extra ISBN"
            placeholder="ISBN-13 or ISBN-10"
            autoComplete="off"
            w={240}
            maw="100%"
            {...form.getInputProps('isbn')}
          />
          <Button
            type="submit"
            variant="light"
            leftSection={<IconPlus size={14} />}
            loading={append.isPending}
          >
            Add ISBN
          </Button>
        </Group>
      </form>
      {removing && (
        <ConfirmModal
          title="Remove extra ISBN?"
          confirmLabel="Remove ISBN"
          loading={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(
              { bookId: book.id, isbn: removing },
              {
                onSuccess: () => {
                  notifySuccess(`${removing} was removed.`);
                  setRemoving(null);
                },
                onError: (error) => notifyError(error, 'Could not remove the ISBN'),
              },
            )
          }
        >
          Remove <b>{removing}</b> from {book.title}? Scans and redemptions of that printing will no
          longer lead to this book.
        </ConfirmModal>
      )}
    </Stack>
  );
}
