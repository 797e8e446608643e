import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import pg from 'pg';

/**
 * A restore drill on PostgreSQL: the database is dumped with pg_dump (custom
 * format, the backup an operator keeps), restored with pg_restore into a new
 * database, and every table's row count is compared between the two. The
 * source is counted inside the very snapshot pg_dump reads (an exported
 * snapshot), so the drill is exact while the servers keep writing.
 */
export interface TableCount {
  table: string;
  source: number;
  restored: number | null;
}

export interface DrillResult {
  dumpFile: string;
  dumpBytes: number;
  restoredDatabase: string;
  tables: TableCount[];
  /** Tables whose counts differ or that the restore lacks. */
  mismatches: TableCount[];
  dumpMs: number;
  restoreMs: number;
}

export async function runRestoreDrill(opts: {
  url: string;
  dumpFile: string;
  /** Keep the restored database (otherwise dropped once compared). */
  keep?: boolean;
}): Promise<DrillResult> {
  const source = new URL(opts.url);
  const sourceName = decodeURIComponent(source.pathname.slice(1));
  const restoredName = `${sourceName}_drill_${stamp()}`.slice(0, 63);
  const restored = new URL(opts.url);
  restored.pathname = `/${restoredName}`;

  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  let dumpMs: number;
  let counts: Map<string, number>;
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ s: string }>('select pg_export_snapshot() as s');
    const started = performance.now();
    await run('pg_dump', opts.url, [
      '--format=custom',
      `--snapshot=${rows[0]!.s}`,
      `--file=${opts.dumpFile}`,
    ]);
    dumpMs = performance.now() - started;
    counts = await countRows(client);
    await client.query('commit');
    await client.query(`create database ${client.escapeIdentifier(restoredName)}`);
  } finally {
    await client.end();
  }

  const started = performance.now();
  try {
    await run('pg_restore', restored.toString(), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      opts.dumpFile,
    ]);
    const restoreMs = performance.now() - started;
    const target = new pg.Client({ connectionString: restored.toString() });
    await target.connect();
    let after: Map<string, number>;
    try {
      after = await countRows(target);
    } finally {
      await target.end();
    }
    const names = [...new Set([...counts.keys(), ...after.keys()])].sort();
    const tables = names.map((table) => ({
      table,
      source: counts.get(table) ?? 0,
      restored: after.get(table) ?? null,
    }));
    return {
      dumpFile: opts.dumpFile,
      dumpBytes: (await stat(opts.dumpFile)).size,
      restoredDatabase: restoredName,
      tables,
      mismatches: tables.filter((t) => t.restored !== t.source || !counts.has(t.table)),
      dumpMs,
      restoreMs,
    };
  } finally {
    if (!opts.keep) await dropDatabase(opts.url, restoredName);
  }
}

/** Exact row counts of every ordinary table outside the system schemas. */
async function countRows(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ schema: string; name: string }>(`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`);
  const counts = new Map<string, number>();
  for (const { schema, name } of rows) {
    const q = `select count(*)::bigint as n from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    const { rows: n } = await client.query<{ n: string }>(q);
    counts.set(`${schema}.${name}`, Number(n[0]!.n));
  }
  return counts;
}

async function dropDatabase(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Runs a PostgreSQL client tool against `url`: the password goes by
 * environment, never on the command line where `ps` would show it.
 */
function run(tool: string, url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [`--dbname=${target.toString()}`, ...args], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (c) => (errors += c));
    child.on('error', (err) =>
      reject(
        new Error(
          `${tool} could not be started (${err.message}); install PostgreSQL's client tools`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}):\n${errors}`)),
    );
  });
}

function stamp() {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}
