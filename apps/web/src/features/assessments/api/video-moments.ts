import { mediaRoutes } from '@bo/contract/media-routes';
import { videoQuizRoutes } from '@bo/contract/video-quizzes-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/**
 * GET /media/getvideobyid: the quiz's video with a freshly signed play link.
 * Outside the `['assessments']` family on purpose: every write to the quiz
 * (a question added at a moment) invalidates that family, and a new signed
 * link would reload the player back to 0:00.
 */
export function useQuizVideo(id: number | null) {
  return useQuery({
    queryKey: ['quiz-video', id],
    queryFn: ({ signal }) => apiCall(mediaRoutes.getVideo, { query: { id: id ?? 0 }, signal }),
    enabled: Boolean(id),
    // The play link is signed for 2 hours: refetch well before.
    staleTime: 30 * 60_000,
  });
}

/** POST /promotional/addonevideoquestion: one bank question at the player's moment. */
export const useAddQuestionAt = () =>
  useAssessmentMutation(postCall(videoQuizRoutes.addOneVideoQuestion));

/** POST /promotional/changevideoquestionpriority: a question's moment (the order follows). */
export const useMoveMoment = () =>
  useAssessmentMutation(postCall(videoQuizRoutes.changeVideoQuestionPriority));
