import { Tabs } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { FreeBooks } from '../components/free-books.tsx';
import { SampleBooks } from '../components/sample-books.tsx';

/** /free-content: books free as a whole, and books with a free sample. */
export function FreeContentPage() {
  return (
    <>
      <PageHeader
        title="Free content"
        description="Whole books free to every learner, and per book a free sample of its TOC."
      />
      <Tabs defaultValue="samples" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="samples">Free samples</Tabs.Tab>
          <Tabs.Tab value="books">Free books</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="samples">
          <SampleBooks />
        </Tabs.Panel>
        <Tabs.Panel value="books">
          <FreeBooks />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
