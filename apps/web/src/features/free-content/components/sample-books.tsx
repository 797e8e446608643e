import { isbnSchema } from '@bo/contract/isbn';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchedTable, useSearchedPages } from '../../../components/searched-table.tsx';
import { useSampleBooks } from '../api/list-sample-books.ts';

/** Books with a free sample, each opening its sample; any book opens by its ISBN. */
export function SampleBooks() {
  const pages = useSearchedPages();
  const [isbn, setIsbn] = useState('');
  const [isbnError, setIsbnError] = useState<string | null>(null);
  const navigate = useNavigate();
  const list = useSampleBooks(pages.page, pages.search);

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
      <SearchedTable
        pages={pages}
        query={list}
        searchLabel="Search books with a sample"
        label="Books with a free sample"
        errorTitle="Could not load the books"
        emptyText="No book has a free sample yet."
        noMatchText="No book with a sample matches."
        rowKey={(b) => b.bookId}
        columns={[
          {
            title: 'Book',
            render: (b) => (
              <Anchor component={Link} to={`/free-content/${b.isbn}`}>
                {b.title}
              </Anchor>
            ),
          },
          { title: 'ISBN', render: (b) => b.isbn, mono: true },
          { title: 'Chosen nodes', render: (b) => b.chosenCount, align: 'right' },
          { title: 'TOC nodes', render: (b) => b.nodeCount, align: 'right' },
          { title: 'Whole book free', render: (b) => (b.freeBook ? 'Yes' : 'No') },
        ]}
      />
    </Stack>
  );
}
