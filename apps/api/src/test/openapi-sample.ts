import { randomUUID } from 'node:crypto';

/**
 * Valid-looking values for a JSON Schema of the served OpenAPI document:
 * required properties only, ids that match no row. The route matrix calls
 * every operation with them; the malformed-input test spoils one field at a time.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema read from the OpenAPI document
export type Schema = Record<string, any>;

let seq = 0;
const PATTERN_CANDIDATES = ['123456', '+44 20 7946 0000', 'matrix-sample'];

/** A valid-ish value: required properties only, ids that match no row. */
export function sample(schema: Schema | undefined, key = ''): unknown {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alt) return sample(alt[0], key);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k: string) => [k, sample(schema.properties?.[k], k)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, key));
    case 'integer':
    case 'number':
      return /id$/i.test(key) ? 987_654_321 : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default: {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (/email/i.test(key)) return `matrix${++seq}@example.test`;
      if (/password/i.test(key)) return 'matrix sample passphrase 42';
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (hit) return hit;
      }
      return 'matrix-sample-value-'.padEnd(schema.minLength ?? 0, 'x');
    }
  }
}
