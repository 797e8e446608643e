import { StatusPage } from '../../components/status-page.tsx';

/** /404, and any unknown path inside the main layout. */
export function NotFoundPage() {
  return (
    <StatusPage code="404" title="Page not found">
      The page you asked for does not exist or has moved.
    </StatusPage>
  );
}
