/** What a learner did on a day, as bits of report_learner_days.kinds. */
export const LEARNER_DAY_KINDS = {
  android: 1,
  ios: 2,
  web: 4,
  redemption: 8,
  view: 16,
  feedback: 32,
  attempt: 64,
} as const;
export const SESSION_KINDS =
  LEARNER_DAY_KINDS.android | LEARNER_DAY_KINDS.ios | LEARNER_DAY_KINDS.web;
