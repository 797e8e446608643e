import type { ErrorDetail } from '../../../lib/api-error.ts';

/**
 * The activation checklist's problems (409 `details`) split by where they
 * belong: `items.<id>` on that item, `sections.<id>` on that section, the
 * rest (no active question, the sections' total time, a deleted TOC node) at
 * the top of the builder.
 */
export interface Problems {
  top: string[];
  items: Map<number, string[]>;
  sections: Map<number, string[]>;
}

export const NO_PROBLEMS: Problems = { top: [], items: new Map(), sections: new Map() };

export function splitProblems(details: readonly ErrorDetail[]): Problems {
  const out: Problems = { top: [], items: new Map(), sections: new Map() };
  for (const d of details) {
    const m = /^(items|sections)\.(\d+)$/.exec(d.path);
    if (!m) {
      out.top.push(d.message);
      continue;
    }
    const map = m[1] === 'items' ? out.items : out.sections;
    const id = Number(m[2]);
    map.set(id, [...(map.get(id) ?? []), d.message]);
  }
  return out;
}
