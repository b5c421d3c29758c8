// Column types every schema file uses: instants as timestamptz read as Date, and bytea read as Buffer
// (PGlite hands back a Uint8Array, node-postgres a Buffer).
import { customType, timestamp, type PgTimestampBuilderInitial } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column read and written as a Date. */
export const ts = <TName extends string>(name: TName): PgTimestampBuilderInitial<TName> =>
  timestamp(name, { withTimezone: true, mode: 'date' });

/** A `bytea` column read as a Buffer on either driver. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
