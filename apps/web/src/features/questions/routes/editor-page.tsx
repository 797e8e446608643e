import type { Question } from '@bo/contract';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { recordIdOf } from '../../../lib/record-id.ts';
import { useQuestion } from '../api/get-question.ts';
import { EditorForm } from '../components/editor-form.tsx';

function header(actions: ReactNode, saved: Question | null) {
  return (
    <PageHeader
      title={saved ? `Question #${saved.id}` : 'New question'}
      description={
        saved ? (
          <Group gap="sm" component="span">
            <Badge variant="light" component="span">
              Revision {saved.revision}
            </Badge>
            <Text span fz="sm" c="dimmed">
              Last saved {formatDateTime(saved.updatedAt)}
              {saved.updatedByName ? ` by ${saved.updatedByName}` : ''}
            </Text>
          </Group>
        ) : (
          'Write the question, its answer and details; the preview shows it as a learner will.'
        )
      }
      actions={actions}
    />
  );
}

/** /questions/new and /questions/:id: the question editor. */
export function QuestionEditorPage() {
  const param = useParams().id;
  // No :id is /questions/new; only a plain positive number can name a question.
  const id = param === undefined ? null : (recordIdOf(param) ?? -1);
  const question = useQuestion(id !== null && id > 0 ? id : null);

  if (id === -1 || (question.error instanceof ApiError && question.error.status === 404)) {
    return (
      <StatusPage code="404" title="Question not found">
        No question has this address. It may have been deleted, or the link is incomplete.
      </StatusPage>
    );
  }
  if (id === null) return <EditorForm key="new" question={null} header={header} />;
  if (question.isPending) {
    return (
      <Stack>
        <Skeleton h={40} w="40%" />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (question.isError) {
    return (
      <Alert color="red" title="Could not load the question">
        {errorMessage(question.error)}{' '}
        <Anchor component={Link} to="/questions">
          Back to the question bank
        </Anchor>
      </Alert>
    );
  }
  return <EditorForm key={id} question={question.data} header={header} />;
}
