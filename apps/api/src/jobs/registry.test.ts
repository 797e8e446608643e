import { JOB_KIND_LABELS } from '@bo/contract/jobs';
import { describe, expect, it } from 'vitest';
import { JOBS } from './registry.ts';

describe('job kinds', () => {
  it('each kind the server runs has the name the jobs screen shows, and no name is left over', () => {
    const kinds = JOBS.map((k) => k.kind).sort();
    expect(Object.keys(JOB_KIND_LABELS).sort()).toEqual(kinds);
  });
});
