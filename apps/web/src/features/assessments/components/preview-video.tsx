import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MediaElement } from '../../../components/media-element.tsx';
import { useQuizVideo } from '../api/video-moments.ts';
import { formatMoment } from './moments.ts';

/** A preview question's place in the video: its index among the questions and its moment. */
export interface PreviewMoment {
  index: number;
  atSeconds: number;
}

/** A jump longer than this between two frames is a seek: moments skipped by it do not stop the video. */
const SEEK_SECONDS = 1;

/**
 * A video quiz's preview player, as the learner app plays it: the video
 * stops at each question's moment and the page shows that question
 * (`onReach` with its index); "Continue the video" plays on. The time is
 * watched every frame while playing (`timeupdate` comes only every ~250 ms),
 * and the player is set back to the exact moment it passed.
 */
export function PreviewVideo({
  videoId,
  moments,
  onReach,
}: {
  videoId: number | null;
  moments: PreviewMoment[];
  onReach: (index: number) => void;
}) {
  const video = useQuizVideo(videoId);
  // The element as state: the watch starts once the player is on the page.
  const [player, setPlayer] = useState<(HTMLVideoElement & HTMLAudioElement) | null>(null);
  const [stopped, setStopped] = useState<PreviewMoment | null>(null);
  // The latest moments and callback for the frame loop, without restarting it.
  const latest = useRef({ moments, onReach });
  latest.current = { moments, onReach };

  useEffect(() => {
    const el = player;
    if (!el) return;
    let frame = 0;
    let last = el.currentTime;
    const watch = () => {
      const now = el.currentTime;
      const crossed =
        now - last < SEEK_SECONDS
          ? latest.current.moments.find((m) => m.atSeconds > last && m.atSeconds <= now)
          : undefined;
      last = now;
      if (crossed) {
        el.pause();
        el.currentTime = crossed.atSeconds;
        last = crossed.atSeconds;
        setStopped(crossed);
        latest.current.onReach(crossed.index);
        return;
      }
      frame = requestAnimationFrame(watch);
    };
    const onPlay = () => {
      setStopped(null);
      last = el.currentTime;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(watch);
    };
    const onPause = () => cancelAnimationFrame(frame);
    el.addEventListener('play', onPlay);
    el.addEventListener('pause', onPause);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('play', onPlay);
      el.removeEventListener('pause', onPause);
    };
  }, [player]);

  if (!video.data) return null;
  return (
    <Paper withBorder p="md">
      <Box maw={560}>
        <MediaElement
          kind="video"
          src={video.data.playUrl}
          poster={video.data.thumbnailUrl}
          label={`Player: ${video.data.title}`}
          mediaRef={setPlayer}
          testId="preview-player"
        />
      </Box>
      <Group mt="sm" gap="sm" aria-live="polite">
        {stopped ? (
          <>
            <Text fz="sm">
              Stopped at question {stopped.index + 1} ({formatMoment(stopped.atSeconds)}): answer
              it, then continue.
            </Text>
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={() => void player?.play()}
            >
              Continue the video
            </Button>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            The video stops at each question's moment, as in the learner app.
          </Text>
        )}
      </Group>
    </Paper>
  );
}
