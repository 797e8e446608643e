import { z } from 'zod';

/** The address printed codes encode, and whether they may be printed (docs/configuration.md, QR_LOCAL_TRIAL). */
export const qrAddressSchema = z.object({
  /** `<PUBLIC_BASE_URL>/q/`: a code's URL is this followed by its code. */
  base: z.string(),
  /** The host is loopback or private: phones elsewhere cannot open it. */
  local: z.boolean(),
  /** A local address allowed by QR_LOCAL_TRIAL: every PDF page says "TRIAL - not for print". */
  trial: z.boolean(),
  /** Why codes cannot be generated or printed (naming PUBLIC_BASE_URL); null when they can. */
  problem: z.string().nullable(),
});
export type QrAddress = z.infer<typeof qrAddressSchema>;
