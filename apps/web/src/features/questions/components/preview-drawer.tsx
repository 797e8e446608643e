import { Alert, Button, Center, Drawer, Group, Loader } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useQuestion } from '../api/get-question.ts';
import { PreviewQuestion } from './preview-question.tsx';

/** The question of a list row as a learner sees it, with a way to its editor. */
export function PreviewDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const question = useQuestion(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={id !== null ? `Question ${id}` : 'Question'}
    >
      {question.isError ? (
        <Alert color="red" title="Could not load this question">
          {errorMessage(question.error)}
        </Alert>
      ) : !question.data ? (
        <Center py="xl">
          <Loader aria-label="Loading the question" />
        </Center>
      ) : (
        <>
          <Group justify="flex-end" mb="md">
            <Button
              component={Link}
              to={`/questions/${question.data.id}`}
              leftSection={<IconPencil size={16} />}
            >
              Edit
            </Button>
          </Group>
          <PreviewQuestion question={question.data} />
        </>
      )}
    </Drawer>
  );
}
