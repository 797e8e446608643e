import { Code } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPage } from '../../components/status-page.tsx';

/** The router's fallback: the spec fixes its wording. */
export function AppErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <StatusPage title="Unexpected Application Error!">{detail && <Code>{detail}</Code>}</StatusPage>
  );
}
