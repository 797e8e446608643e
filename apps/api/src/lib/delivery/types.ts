import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';

/**
 * What the delivery engine is handed (engine.ts): sources, which compose
 * each recipient's message, and channels, which send messages. The engine
 * knows neither mailers nor notifications; the job registry names them.
 */

/** A ledger row as the engine claims it. */
export interface LedgerRow {
  id: number;
  channel: string;
  learnerId: number | null;
  address: string | null;
  /** A sealed system mail (the `system` source); null otherwise. */
  payload: string | null;
}

/**
 * A row's outcome. `queued` is a temporary failure: the row goes back to the
 * queue and the run ends with an error, so the job retries after a backoff.
 */
export type Outcome =
  | { id: number; state: 'sent' }
  | { id: number; state: 'failed' | 'skipped' | 'queued'; reason: string };

/** One claimed row and what its source composed for it. */
export interface Addressed<M> {
  row: LedgerRow;
  message: M;
}

export interface Channel<M = unknown> {
  name: string;
  /** Rows claimed and sent at once. */
  batch: number;
  /** Throttle in one process: a batch never finishes sooner than its size allows (0: none). */
  perSecond?: number;
  /** Throttle across processes: rows of this channel sent in the last hour, counted in the ledger. */
  perHour?: number;
  /** Sends a batch and answers one outcome per row (every row of the batch). */
  send(batch: Addressed<M>[], signal: AbortSignal): Promise<Outcome[]>;
  /** Lets go of what it holds open (pooled connections) when the app closes. */
  close?(): void;
}

/** A row's message, or why the row is skipped (an unsubscribed learner, a deleted one). */
export type Composed<M = unknown> = { message: M } | { skip: string };

export interface Composer {
  /** One entry per row, by row id. Throws DeliveryFailure when no recipient can get the message. */
  compose(channel: string, rows: LedgerRow[]): Promise<Map<number, Composed>>;
}

export interface DeliverySource {
  /** Stored in `deliveries.source`. */
  name: string;
  /** The channels its rows use, sent in this order (all of one before the next). */
  channels: readonly string[];
  /** Called once per run, after the lease is taken. */
  open(deps: Deps, deliveryId: number): Promise<Composer>;
  /** Called in the transaction that marks the delivery done (or failed). */
  ended?(deps: Deps, tx: Tx, deliveryId: number, failure: string | null): Promise<void>;
}

/** The message cannot go out to anyone (a template that cannot be filled in): the delivery fails whole. */
export class DeliveryFailure extends Error {}

export interface DeliveryRegistry {
  sources: readonly DeliverySource[];
  /** Each channel is made once per Deps (a pooled SMTP transport, a push provider). */
  channels: Readonly<Record<string, (deps: Deps) => Channel>>;
}
