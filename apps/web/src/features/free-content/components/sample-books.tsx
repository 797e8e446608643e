import { isbnSchema } from '@bo/contract/isbn';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Pager } from '../../../components/pager.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSampleBooks } from '../api/list-sample-books.ts';

/** Books with a free sample, each opening its sample; any book opens by its ISBN. */
export function SampleBooks() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [isbn, setIsbn] = useState('');
  const [isbnError, setIsbnError] = useState<string | null>(null);
  const navigate = useNavigate();
  const list = useSampleBooks(page, q.trim());

  const open = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = isbnSchema.safeParse(isbn);
    if (!parsed.success) {
      setIsbnError(isbn.trim() ? 'Enter a valid ISBN' : 'Required');
      return;
    }
    navigate(`/free-content/${parsed.data}`);
  };

  return (
    <Stack>
      <form onSubmit={open} noValidate aria-label="Open a book's free sample">
        <Group align="flex-start">
          <TextInput
            label="ISBN of a book"
            description="Open its TOC to choose its free sample"
            placeholder="978…"
            w={280}
            value={isbn}
            error={isbnError}
            onChange={(e) => {
              setIsbn(e.currentTarget.value);
              setIsbnError(null);
            }}
          />
          <Button type="submit" mt={46}>
            Open
          </Button>
        </Group>
      </form>
      <TextInput
        label="Search books with a sample"
        placeholder="Title or ISBN"
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(1);
        }}
        w={320}
      />
      {list.isPending && <Skeleton h={120} />}
      {list.isError && (
        <Alert color="red" title="Could not load the books">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data?.items.length === 0 && (
        <Text c="dimmed">
          {q ? 'No book with a sample matches.' : 'No book has a free sample yet.'}
        </Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <Table striped aria-label="Books with a free sample">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Book</Table.Th>
              <Table.Th>ISBN</Table.Th>
              <Table.Th ta="right">Chosen nodes</Table.Th>
              <Table.Th ta="right">TOC nodes</Table.Th>
              <Table.Th>Whole book free</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((b) => (
              <Table.Tr key={b.bookId}>
                <Table.Td>
                  <Anchor component={Link} to={`/free-content/${b.isbn}`}>
                    {b.title}
                  </Anchor>
                </Table.Td>
                <Table.Td ff="monospace">{b.isbn}</Table.Td>
                <Table.Td ta="right">{b.chosenCount}</Table.Td>
                <Table.Td ta="right">{b.nodeCount}</Table.Td>
                <Table.Td>{b.freeBook ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.data && <Pager {...list.data} onChange={setPage} />}
    </Stack>
  );
}
