import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { BookQrSection } from '../components/book-qr-section.tsx';

/** /qr-codes/:bookId: one book's codes, for admins of QR codes without the books module. */
export function QrBookPage() {
  const param = useParams().bookId ?? '';
  const id = /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
  if (id === null)
    return (
      <StatusPage code="404" title="Book not found">
        No book has this address.
      </StatusPage>
    );
  return (
    <>
      <PageHeader title="A book's QR codes" />
      <BookQrSection bookId={id} />
    </>
  );
}
