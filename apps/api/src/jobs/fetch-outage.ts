import type { Deps } from '../deps.ts';

/**
 * What the workers of one queue say when taking jobs fails. While the
 * database is away every worker fails on every poll (each kind every few
 * seconds): the log gets one line when fetching starts failing and one when
 * it works again, not one per poll (docs/operations.md, "When the database
 * goes away"). Shared by the workers of a process, so an outage is one story.
 */
export class FetchOutage {
  private failingSince: number | undefined;
  private failures = 0;

  constructor(private readonly deps: () => Deps) {}

  failed(err: unknown, kind: string) {
    this.failures++;
    if (this.failingSince !== undefined) return;
    this.failingSince = Date.now();
    this.deps().log.error(
      { err, kind },
      'job fetch failed; the workers keep polling and say when it works again',
    );
  }

  succeeded() {
    if (this.failingSince === undefined) return;
    const seconds = Math.round((Date.now() - this.failingSince) / 1000);
    this.deps().log.info(
      { failedFetches: this.failures, seconds },
      'job fetch works again; the workers take jobs',
    );
    this.failingSince = undefined;
    this.failures = 0;
  }
}
