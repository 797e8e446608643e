import { useState } from 'react';
import { type CodesChoice, PrintedCodesDialog } from '../../../components/printed-codes-choice.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { useMediaList } from '../api/list-media.ts';

/**
 * The server refused to delete a video that printed QR codes open: asks
 * which other video they should open (searched by title), or to leave them
 * without content, and deletes again with that choice.
 */
export function DeleteVideoCodesDialog(props: {
  error: ApiError;
  videoId: number;
  loading: boolean;
  onConfirm: (choice: CodesChoice) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const videos = useMediaList('video', { q: search || undefined, pageSize: 20 });
  const targets = (videos.data?.items ?? [])
    .filter((v) => v.id !== props.videoId)
    .map((v) => ({ value: String(v.id), label: v.title }));
  return (
    <PrintedCodesDialog
      error={props.error}
      offer={['video']}
      targets={targets}
      onSearchTargets={setSearch}
      confirmLabel="Delete video"
      loading={props.loading}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
