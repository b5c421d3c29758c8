// Which database errors are about the connection or the moment (retry the same work later) rather than
// about the data (retrying cannot help; the message is set aside).

/** SQLSTATE classes and codes that say "not now" rather than "not this". */
const TRANSIENT_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
  '55P03', // lock_not_available
  '57014', // query_canceled (statement timeout)
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '58000', // system_error
  '58030', // io_error
]);

const NODE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages node-postgres uses for a lost connection (these errors carry no code). */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/** Marks an error as transient explicitly (fault injection, our own timeouts). */
export class TransientError extends Error {
  readonly transient = true;
}

export function isTransient(err: unknown): boolean {
  if (err instanceof TransientError) return true;
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08')) return true; // connection_exception class
    if (TRANSIENT_CODES.has(code) || NODE_NETWORK_CODES.has(code)) return true;
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isTransient(cause);
}
