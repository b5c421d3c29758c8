import { MessageKey, Status, type FieldError, type StatusCode } from '@sunfleet/contracts';

/** An error the client may see: it becomes the envelope `{status, enMsg, data}` with the mirrored HTTP status. */
export class AppError extends Error {
  constructor(
    readonly status: Exclude<StatusCode, 200 | 101001>,
    readonly enMsg: string,
    readonly data: FieldError[] | null = null,
  ) {
    super(enMsg);
    this.name = 'AppError';
  }
}

export const Errors = {
  invalid: (enMsg: string = MessageKey.INVALID_INPUT, fields: FieldError[] | null = null): AppError =>
    new AppError(Status.INVALID_INPUT, enMsg, fields),
  notLoggedIn: (): AppError => new AppError(Status.NOT_LOGGED_IN, MessageKey.NOT_LOGGED_IN),
  sessionEnded: (): AppError => new AppError(Status.SESSION_ENDED, MessageKey.SESSION_ENDED),
  forbidden: (enMsg: string = MessageKey.FORBIDDEN): AppError => new AppError(Status.FORBIDDEN, enMsg),
  notFound: (enMsg: string = MessageKey.NOT_FOUND): AppError => new AppError(Status.NOT_FOUND, enMsg),
  exists: (enMsg: string = MessageKey.ALREADY_EXISTS): AppError => new AppError(Status.ALREADY_EXISTS, enMsg),
  tooMany: (enMsg: string = MessageKey.TOO_MANY_REQUESTS): AppError =>
    new AppError(Status.TOO_MANY_REQUESTS, enMsg),
  unavailable: (): AppError => new AppError(Status.UNAVAILABLE, MessageKey.UNAVAILABLE),
} as const;

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** True for errors that mean the database (or another dependency) cannot be reached right now. */
export function isUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (
    typeof message === 'string' &&
    /Connection terminated|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(
      message,
    )
  ) {
    return true;
  }
  return cause !== undefined && cause !== error && isUnavailableError(cause);
}
