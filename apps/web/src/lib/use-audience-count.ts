import { type Audience, audienceRoutes, audienceSchema } from '@bo/contract/audience';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client.ts';

/**
 * POST /mail/getusersbycategory: how many learners an audience holds, a
 * sample and a pasted list's unknown entries, asked again 400 ms after the
 * last change (never for an audience the contract refuses: the picker shows
 * the field's own message instead).
 */
export function useAudienceCount(audience: Audience) {
  const [settled] = useDebouncedValue(audience, 400);
  const valid = audienceSchema.safeParse(settled).success;
  return useQuery({
    queryKey: ['audience', 'count', settled],
    queryFn: ({ signal }) =>
      apiCall(audienceRoutes.countAudience, { body: { audience: settled }, signal }),
    enabled: valid,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
