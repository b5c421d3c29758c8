// Keeps the station facts (table station_facts, docs/stations.md "Status model"). The ingest refreshes
// the stations of each telemetry batch in the batch's own transaction; every other change of a status
// input marks the station's row stale through a trigger, and refreshStale() (the jobs, every few
// seconds) recomputes stale and expired rows. Readers never wait for it: a row that does not hold is
// computed on the spot (status-sql.ts stationFactsJoin).
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SqlRunner, SqlTx } from '../ingest/sql.js';
import { STATION_FACTS_COLUMNS, stationFactsSql } from './status-sql.js';

type Query = Pick<SqlTx, 'query'>;

const columns = STATION_FACTS_COLUMNS.join(', ');

/**
 * The statements of a refresh, over SQL expressions for the instant (`at`, a timestamptz) and the
 * stations (`ids`, an int[]): parameters for refreshStationFacts, literals for the ingest's script.
 */
interface Operands {
  at: string;
  ids: string;
}

/** Recomputes the facts of the stations `ids` at instant `at` (compiled once, see upsert()). */
function compileUpsert({ at, ids }: Operands): string {
  const compiled = new PgDialect().sqlToQuery(
    sql`INSERT INTO station_facts AS t (station_id, ${sql.raw(columns)}, computed_at)
    SELECT s.id, ${sql.raw(STATION_FACTS_COLUMNS.map((c) => `x.${c}`).join(', '))}, ${sql.raw(at)}
    FROM stations s CROSS JOIN LATERAL (${stationFactsSql(sql.raw('s.id'), sql.raw(at))}) x
    WHERE s.id = ANY (${sql.raw(ids)})
    ON CONFLICT (station_id) DO UPDATE SET ${sql.raw(
      [...STATION_FACTS_COLUMNS, 'computed_at'].map((c) => `${c} = excluded.${c}`).join(', '),
    )}`,
  );
  if (compiled.params.length > 0) throw new Error('the station facts statement must not carry parameters');
  return compiled.sql;
}

/** Rows for stations that have none yet, so that they can be locked. */
const placeholders = ({
  at,
  ids,
}: Operands): string => `INSERT INTO station_facts (station_id, ${columns}, computed_at)
  SELECT id, 'OTHER', '-infinity', 0, 0, 0, 0, 0, 0, 0, NULL, false, false, false, ${at}
  FROM stations WHERE id = ANY (${ids}) ORDER BY id ON CONFLICT (station_id) DO NOTHING`;
const lock = ({ ids }: Pick<Operands, 'ids'>): string =>
  `SELECT station_id FROM station_facts WHERE station_id = ANY (${ids}) ORDER BY station_id FOR UPDATE`;

const PARAMS: Operands = { at: '$1::timestamptz', ids: '$2::int[]' };
const PLACEHOLDERS = placeholders(PARAMS);
const LOCK = lock({ ids: '$1::int[]' });
const UPSERT = compileUpsert(PARAMS);
const upsert = ({ at, ids }: Operands): string =>
  UPSERT.replaceAll(PARAMS.at, () => at).replaceAll(PARAMS.ids, () => ids);

/**
 * The statements of a refresh, in order. On PostgreSQL the rows are locked first (in id order, so
 * concurrent writers cannot deadlock) and computed by a statement of their own: under READ COMMITTED it
 * then sees every transaction that refreshed the row before.
 */
function statements(kind: SqlRunner['kind'], operands: Operands): string[] {
  return kind === 'postgres'
    ? [placeholders(operands), lock(operands), upsert(operands)]
    : [upsert(operands)];
}

/** Recomputes the facts of `stationIds` at `now` inside the caller's transaction (see statements()). */
export async function refreshStationFacts(
  tx: Query,
  kind: SqlRunner['kind'],
  stationIds: readonly number[],
  now: Date,
): Promise<void> {
  if (stationIds.length === 0) return;
  const ids = [...new Set(stationIds)].sort((a, b) => a - b);
  const at = now.toISOString();
  if (kind === 'postgres') {
    await tx.query(PLACEHOLDERS, [at, ids]);
    await tx.query(LOCK, [ids]);
  }
  await tx.query(UPSERT, [at, ids]);
}

/**
 * The same refresh for the stations the loggers `gatewayIds` are bound to, as statements without
 * parameters, to run in one round trip with others of the caller's transaction (the ingest's last).
 * The caller must have updated (so locked) those loggers' rows first: their stations then cannot
 * change before the transaction ends.
 */
export function refreshStationFactsOfGatewaysScript(
  kind: SqlRunner['kind'],
  gatewayIds: readonly number[],
  now: Date,
): string[] {
  for (const id of gatewayIds) if (!Number.isSafeInteger(id)) throw new Error(`bad logger id ${id}`);
  const ids = `ARRAY(SELECT DISTINCT station_id FROM gateways
    WHERE id = ANY ('{${gatewayIds.join(',')}}'::int[]) AND station_id IS NOT NULL ORDER BY 1)`;
  return statements(kind, { at: `'${now.toISOString()}'::timestamptz`, ids });
}

/** The stations the given loggers are bound to. */
export async function stationsOfGateways(tx: Query, gatewayIds: readonly number[]): Promise<number[]> {
  if (gatewayIds.length === 0) return [];
  const rows = await tx.query<{ station_id: number }>(
    'SELECT DISTINCT station_id FROM gateways WHERE id = ANY ($1::int[]) AND station_id IS NOT NULL',
    [gatewayIds],
  );
  return rows.map((r) => r.station_id);
}

/** Stations per refresh transaction. */
const CHUNK = 500;

/**
 * Refreshes every station whose facts are missing, marked stale or expired at `now`; answers how many.
 * Several processes may run it at once: the row locks serialise them.
 */
export async function refreshStale(runner: SqlRunner, now: Date): Promise<number> {
  const due = await runner.query<{ id: number }>(
    `SELECT s.id FROM stations s LEFT JOIN station_facts f ON f.station_id = s.id
     WHERE f.station_id IS NULL OR f.valid_until < $1::timestamptz ORDER BY s.id`,
    [now.toISOString()],
  );
  const ids = due.map((r) => r.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await runner.transaction((tx) => refreshStationFacts(tx, runner.kind, chunk, now), { factsWriter: true });
  }
  return ids.length;
}
