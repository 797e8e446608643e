import { Alert, Anchor, Stack } from '@mantine/core';
import type { CSSProperties, Ref } from 'react';
import { useState } from 'react';

/**
 * A <video> or <audio> that says so when it cannot play, instead of sitting
 * at 0:00: a linked item's site may be down or refuse the request, an
 * uploaded file may be in a format this browser lacks. Linked media play
 * from their own address (an absolute URL), offered to open directly;
 * uploads play from a signed link of ours (a path).
 */
export function MediaElement({
  kind,
  src,
  label,
  poster,
  autoPlay = false,
  maxHeight,
  testId,
  mediaRef,
}: {
  kind: 'video' | 'audio';
  src: string;
  /** The accessible name, e.g. "Player: <title>". */
  label: string;
  poster?: string | null | undefined;
  autoPlay?: boolean;
  maxHeight?: number;
  testId?: string;
  /** The element itself, for a screen that reads or sets the time (the video quiz builder). */
  mediaRef?: Ref<HTMLVideoElement & HTMLAudioElement>;
}) {
  const [failed, setFailed] = useState(false);
  const link = /^https?:\/\//i.test(src) ? src : null;
  const common = {
    src,
    controls: true,
    autoPlay,
    preload: 'metadata',
    'aria-label': label,
    'data-testid': testId,
    onError: () => setFailed(true),
    ref: mediaRef,
  } as const;
  const style: CSSProperties = { width: '100%', ...(maxHeight ? { maxHeight } : {}) };
  return (
    <Stack gap="xs">
      {kind === 'video' ? (
        <video {...common} poster={poster ?? undefined} style={{ ...style, background: '#000' }} />
      ) : (
        <audio {...common} style={style} />
      )}
      {failed && (
        <Alert color="orange" title={`This ${kind} could not be played`} role="alert">
          {link ? (
            <>
              Its link may be wrong, or its site may refuse to serve it here.{' '}
              <Anchor href={link} target="_blank" rel="noopener noreferrer" fz="sm">
                Open the link
              </Anchor>{' '}
              to check it.
            </>
          ) : (
            'The file may be damaged or in a format this browser cannot play.'
          )}
        </Alert>
      )}
    </Stack>
  );
}
