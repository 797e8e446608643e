import { Alert, Anchor, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/pager.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useQrBooks } from '../api/list-qr-books.ts';

/** Books having codes, with counts; each opens the book's QR screen. */
export function QrBooks() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const list = useQrBooks(page, q.trim());
  return (
    <Stack>
      <TextInput
        label="Search"
        placeholder="Title or ISBN"
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(1);
        }}
        w={320}
      />
      {list.isPending && <Skeleton h={160} />}
      {list.isError && (
        <Alert color="red" title="Could not load the books">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && list.data.items.length === 0 && (
        <Text c="dimmed">No book has QR codes yet. Generate them from a book's page.</Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <Table striped aria-label="Books with QR codes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Book</Table.Th>
              <Table.Th>ISBN</Table.Th>
              <Table.Th ta="right">Codes</Table.Th>
              <Table.Th ta="right">Without content</Table.Th>
              <Table.Th ta="right">Disabled</Table.Th>
              <Table.Th ta="right">Scans</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((b) => (
              <Table.Tr key={b.bookId}>
                <Table.Td>
                  <Anchor component={Link} to={`/qr-codes/${b.bookId}`}>
                    {b.title}
                  </Anchor>
                </Table.Td>
                <Table.Td ff="monospace">{b.isbn}</Table.Td>
                <Table.Td ta="right">{b.codes}</Table.Td>
                <Table.Td ta="right">{b.withoutContent}</Table.Td>
                <Table.Td ta="right">{b.disabled}</Table.Td>
                <Table.Td ta="right">{b.scans}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.data && <Pager {...list.data} onChange={setPage} />}
    </Stack>
  );
}
