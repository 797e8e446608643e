import { z } from 'zod';
import { MODULE_KEYS } from './access.ts';

/** The modules' catalogue and access rules, without zod, are in access.ts. */
export * from './access.ts';

export const moduleKeySchema = z.enum(MODULE_KEYS);

export const moduleSchema = z.object({
  key: moduleKeySchema,
  name: z.string(),
  position: z.number().int(),
});
export type Module = z.infer<typeof moduleSchema>;
