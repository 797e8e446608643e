import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
const EXPORT = /^export (?:function|const|class) ([A-Za-z_$][\w$]*)/gm;

/**
 * zod's JSON Schema output (`z.toJSONSchema`, `schema.toJSONSchema()`, the
 * standard schema's `jsonSchema`) in the browser's build becomes functions
 * that throw: every zod type wires its JSON Schema converter in its
 * constructor, so the bundler cannot drop the ~7 kB (brotli) of it from the
 * chunk every signed-in screen loads, though the web app never converts a
 * schema (the API, which may, is not built by Vite). Validation is untouched.
 * Each stub keeps the module's export names, so a zod upgrade that renames
 * one still links; a call says what happened.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'bo-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      if (!JSON_SCHEMA.test(file)) return null;
      const names = new Set([...readFileSync(file, 'utf8').matchAll(EXPORT)].map((m) => m[1]!));
      if (/to-json-schema\.js$/.test(file)) names.add('process');
      // The two method factories run in every schema's constructor: they
      // answer the method, which throws when called; the rest throw at once.
      const lines = [...names].map((n) =>
        /^create\w*Method$/.test(n)
          ? `export const ${n} = () => unavailable;`
          : `export const ${n} = unavailable;`,
      );
      return [
        'const unavailable = () => {',
        "  throw new Error('JSON Schema output is not part of the web build (apps/web/build/zod-without-json-schema.ts)');",
        '};',
        ...lines,
      ].join('\n');
    },
  };
}
