import { StatusPage } from '../../components/status-page.tsx';

export function ServerErrorPage() {
  return (
    <StatusPage code="500" title="Server error">
      Something went wrong on our side. Try again in a moment; if it keeps happening, tell the team
      what you were doing.
    </StatusPage>
  );
}
