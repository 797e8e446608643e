import { Badge, Button, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { recordGate } from '../../../components/record-gate.tsx';
import { usePageCrumb } from '../../../lib/page-crumb.ts';
import { recordIdOf } from '../../../lib/record-id.ts';
import { canOpen, useMe } from '../../../lib/session.ts';
import { TocSection } from '../../toc/index.ts';
import { useBook } from '../api/get-book.ts';
import { BookCover } from '../components/book-cover.tsx';
import { ExtraIsbns } from '../components/extra-isbns.tsx';
import { STATUS_COLOR, STATUS_LABEL } from '../components/labels.ts';

/**
 * The QR codes tab (its table, generate and print dialogs) loads when the tab
 * is first opened: the book page opens on its TOC, and the tab's code would
 * otherwise put the page over its first-load budget (docs/performance.md).
 */
const BookQrSection = lazy(() =>
  import('../../qr-codes/index.ts').then((m) => ({ default: m.BookQrSection })),
);

const BookFormModal = lazyDialog(() =>
  import('../components/book-form-modal.tsx').then((m) => m.BookFormModal),
);

/** /books/:id: one book's header (cover, ISBN, extra ISBNs, title, status) and its TOC. */
export function BookPage() {
  const param = useParams().id ?? '';
  // Only a plain positive number can name a book; anything else is a page that does not exist.
  const id = recordIdOf(param);
  const book = useBook(id);
  const [editing, setEditing] = useState(false);
  const me = useMe();
  usePageCrumb(book.data?.title);

  const gate = recordGate(book, {
    valid: id !== null,
    notFound: {
      title: 'Book not found',
      text: 'No book has this address. It may have been deleted, or the link is incomplete.',
    },
    errorTitle: 'Could not load the book',
    back: { to: '/books', label: 'Back to the books' },
  });
  if ('shown' in gate) return gate.shown;
  const b = gate.record;
  const facts: [string, string | null][] = [
    ['Grade', b.gradeName],
    ['Subject', b.subjectName],
    ['Series', b.series],
    ['Edition', b.edition],
    ['Language', b.language],
  ];
  return (
    <>
      <PageHeader
        title={b.title}
        description={
          <Group gap="sm" component="span">
            <Text span ff="monospace" data-testid="book-isbn">
              ISBN {b.isbn}
            </Text>
            <Badge variant="dot" color={STATUS_COLOR[b.status]}>
              {STATUS_LABEL[b.status]}
            </Badge>
          </Group>
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            onClick={() => setEditing(true)}
          >
            Edit book
          </Button>
        }
      />
      <Card withBorder radius="md">
        {/* Cover and details side by side; the details go under the cover when the card is narrow. */}
        <Group align="flex-start" gap="lg">
          <BookCover book={b} />
          <Stack gap="md" style={{ flex: '1 1 18rem', minWidth: 0 }}>
            <Group gap="xl" style={{ rowGap: 'var(--mantine-spacing-sm)' }}>
              {facts.map(([label, value]) => (
                <Stack key={label} gap={0}>
                  <Text fz="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fz="sm">{value ?? '—'}</Text>
                </Stack>
              ))}
            </Group>
            <ExtraIsbns book={b} />
          </Stack>
        </Group>
      </Card>
      <Tabs defaultValue="toc" mt="md" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="toc">Table of contents</Tabs.Tab>
          {canOpen(me.data, 'qr_codes') && <Tabs.Tab value="qr">QR codes</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="toc">
          <TocSection
            isbn={b.isbn}
            subject={b.subjectId && b.subjectName ? { id: b.subjectId, name: b.subjectName } : null}
          />
        </Tabs.Panel>
        <Tabs.Panel value="qr">
          <Suspense fallback={<Skeleton h={160} radius="md" />}>
            <BookQrSection bookId={b.id} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {editing && <BookFormModal book={b} onClose={() => setEditing(false)} />}
    </>
  );
}
