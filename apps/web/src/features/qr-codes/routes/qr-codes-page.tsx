import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { CodesWithoutContent } from '../components/codes-without-content.tsx';
import { QrBooks } from '../components/qr-books.tsx';
import { VideoCodes } from '../components/video-codes.tsx';

/** /qr-codes: books with codes, codes without content, and video codes. */
export function QrCodesPage() {
  // The dashboard links straight to the codes without content (?tab=empty).
  const [params] = useSearchParams();
  const tab = params.get('tab');
  return (
    <>
      <PageHeader
        title="QR codes"
        description="Codes printed in books and for videos: what they open, their scans, printing."
      />
      <Tabs defaultValue={tab === 'empty' || tab === 'videos' ? tab : 'books'} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="books">Books with codes</Tabs.Tab>
          <Tabs.Tab value="empty">Codes without content</Tabs.Tab>
          <Tabs.Tab value="videos">Video codes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="books">
          <QrBooks />
        </Tabs.Panel>
        <Tabs.Panel value="empty">
          <CodesWithoutContent />
        </Tabs.Panel>
        <Tabs.Panel value="videos">
          <VideoCodes />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
