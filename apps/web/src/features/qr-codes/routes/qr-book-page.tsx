import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { recordGate } from '../../../components/record-gate.tsx';
import { usePageCrumb } from '../../../lib/page-crumb.ts';
import { recordIdOf } from '../../../lib/record-id.ts';
import { canOpen, useMe } from '../../../lib/session.ts';
import { useBookQrCodes } from '../api/list-book-qr-codes.ts';
import { BookQrSection } from '../components/book-qr-section.tsx';

/**
 * /qr-codes/:bookId: one book's codes, for admins of QR codes without the books
 * module. The heading names the book (title and ISBN) from the codes' first
 * page, which the section below asks for too (one request); an address that
 * names no book shows the "Book not found" page, as /books/:id does.
 */
export function QrBookPage() {
  const param = useParams().bookId ?? '';
  // Only a plain positive number can name a book; anything else is a page that does not exist.
  const id = recordIdOf(param);
  const codes = useBookQrCodes(id, 1);
  const me = useMe();
  usePageCrumb(codes.data?.book.title);

  const gate = recordGate(codes, {
    valid: id !== null,
    notFound: {
      title: 'Book not found',
      text: 'No book has this address. It may have been deleted, or the link is incomplete.',
    },
    errorTitle: "Could not load the book's QR codes",
    back: { to: '/qr-codes', label: 'Back to the QR codes' },
    loading: (
      <Stack>
        <Skeleton h={40} w="50%" />
        <Skeleton h={200} />
      </Stack>
    ),
  });
  if ('shown' in gate) return gate.shown;
  const { book } = gate.record;
  return (
    <>
      <PageHeader
        title={book.title}
        description={
          <Group gap="sm" component="span">
            <Text span ff="monospace" data-testid="qr-book-isbn">
              ISBN {book.isbn}
            </Text>
            {canOpen(me.data, 'books') && (
              <Anchor component={Link} to={`/books/${book.id}`} fz="sm">
                Open the book
              </Anchor>
            )}
          </Group>
        }
      />
      <BookQrSection bookId={book.id} />
    </>
  );
}
