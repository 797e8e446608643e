import type { AssessmentKind, assessmentSettingsEdit } from '@bo/contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

export type SettingsChange = z.input<typeof assessmentSettingsEdit> & { id: number };

/** The kind's settings route (updatepracticedetails, editmocktest, …): only the keys sent change. */
export const useEditSettings = (kind: AssessmentKind) =>
  useAssessmentMutation((body: SettingsChange) => apiCall(KINDS[kind].ops.settings, { body }));
