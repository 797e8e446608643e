import type { RouteQueryInput } from '@bo/contract';
import { learnerRoutes } from '@bo/contract/learners-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { learnerKeys, useLearnersMutation } from './learner-keys.ts';

export type ContactListQuery = RouteQueryInput<typeof learnerRoutes.listContactMessages>;

/** GET /user/contactus: contact messages, newest first. */
export function useContactMessages(query: ContactListQuery) {
  return useQuery({
    queryKey: learnerKeys.contact(query),
    queryFn: ({ signal }) => apiCall(learnerRoutes.listContactMessages, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /user/resolvecontactus: a message resolved with a note. */
export const useResolveContact = () =>
  useLearnersMutation(postCall(learnerRoutes.resolveContactMessage));
