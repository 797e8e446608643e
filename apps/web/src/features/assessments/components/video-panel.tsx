import type { AssessmentDetail } from '@bo/contract';
import { Box, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { MediaElement } from '../../../components/media-element.tsx';
import { richTextWords } from '../../../components/rich-text/rich-text-words.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePickerQuestions } from '../api/picker-questions.ts';
import { useAddQuestionAt, useQuizVideo } from '../api/video-moments.ts';
import { MomentMarker } from './moment-marker.tsx';
import { formatMoment } from './moments.ts';

/**
 * A video quiz's player with its questions as markers on a timeline (a
 * marker seeks the player there, and is dragged or moved with the arrow keys
 * to another moment: moment-marker.tsx); "Add a question here" takes the
 * player's current time, to a tenth of a second.
 */
export function VideoPanel({ detail }: { detail: AssessmentDetail }) {
  const video = useQuizVideo(detail.videoId);
  const player = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const moments = detail.items.filter((i) => i.atSeconds != null);
  // A recorded WebM has no duration header: the timeline then spans the last moment and a bit.
  const length =
    video.data?.durationSeconds ?? Math.max(10, ...moments.map((m) => (m.atSeconds ?? 0) * 1.1));

  return (
    <Paper withBorder p="md" mb="md">
      <Stack gap="sm">
        {video.data && (
          <Box maw={560}>
            <MediaElement
              kind="video"
              src={video.data.playUrl}
              poster={video.data.thumbnailUrl}
              label={`Player: ${video.data.title}`}
              mediaRef={player}
              testId="quiz-player"
            />
          </Box>
        )}
        <Box
          ref={track}
          pos="relative"
          h={28}
          maw={560}
          bg="var(--mantine-color-gray-2)"
          style={{ borderRadius: 4 }}
          aria-label="Question moments"
          role="group"
        >
          {moments.map((m, i) => (
            <MomentMarker
              key={m.id}
              quizId={detail.id}
              itemId={m.id}
              no={i + 1}
              atSeconds={m.atSeconds!}
              length={length}
              track={track}
              onSeek={(seconds) => {
                if (player.current) player.current.currentTime = seconds;
              }}
            />
          ))}
        </Box>
        <Group>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(Math.round((player.current?.currentTime ?? 0) * 10) / 10)}
          >
            Add a question here
          </Button>
          <Text fz="sm" c="dimmed">
            Pause the video where the question belongs, then add it.
          </Text>
        </Group>
      </Stack>
      {adding !== null && (
        <AddAtModal detail={detail} at={adding} onClose={() => setAdding(null)} />
      )}
    </Paper>
  );
}

function AddAtModal({
  detail,
  at,
  onClose,
}: {
  detail: AssessmentDetail;
  at: number;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [questionId, setQuestionId] = useState<string | null>(null);
  const list = usePickerQuestions(
    { notInAssessment: detail.id, q: q || undefined, pageSize: 50 },
    true,
  );
  const add = useAddQuestionAt();
  return (
    <Modal opened onClose={onClose} title={`Add a question at ${formatMoment(at)}`}>
      <Stack>
        <Select
          label="Question"
          searchable
          data-autofocus
          placeholder="Search the bank"
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={(list.data?.items ?? []).map((r) => ({
            value: String(r.id),
            label: `#${r.id} ${richTextWords(r.stem, 70)}`,
          }))}
          value={questionId}
          onChange={setQuestionId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!questionId}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { id: detail.id, questionId: Number(questionId), atSeconds: at },
                {
                  onSuccess: () => {
                    notifySuccess(`Question added at ${formatMoment(at)}.`);
                    onClose();
                  },
                  onError: (e) => notifyError(e, 'Could not add the question'),
                },
              )
            }
          >
            Add question
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
