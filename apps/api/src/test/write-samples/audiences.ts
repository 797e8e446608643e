import { post, type Samples } from './kit.ts';

/** The audience count: a read sent as POST (a pasted list may be long). */
export const audiencesSamples = {
  countAudience: async (w) =>
    post('/mail/getusersbycategory', { audience: { kind: 'all' } }, w.token),
} satisfies Samples;
