/**
 * Status codes of the response envelope `{status, enMsg, data}` (SPEC §7, §8) and the HTTP status each
 * one travels with. The web treats 200 and 101001 as success; every other code is an error.
 */
export const Status = {
  OK: 200,
  /** Legacy success code the console must also accept (SPEC §8). */
  OK_LEGACY: 101001,
  INVALID_INPUT: 4000,
  NOT_LOGGED_IN: 4001,
  FORBIDDEN: 4003,
  NOT_FOUND: 4004,
  ALREADY_EXISTS: 4009,
  TOO_MANY_REQUESTS: 4029,
  SERVER_ERROR: 5000,
  UNAVAILABLE: 5003,
  /** The session was ended elsewhere (role switch, user disabled, administrator). */
  SESSION_ENDED: 102011,
} as const;

export type StatusCode = (typeof Status)[keyof typeof Status];

export const HTTP_STATUS_OF: Record<StatusCode, number> = {
  [Status.OK]: 200,
  [Status.OK_LEGACY]: 200,
  [Status.INVALID_INPUT]: 400,
  [Status.NOT_LOGGED_IN]: 401,
  [Status.FORBIDDEN]: 403,
  [Status.NOT_FOUND]: 404,
  [Status.ALREADY_EXISTS]: 409,
  [Status.TOO_MANY_REQUESTS]: 429,
  [Status.SERVER_ERROR]: 500,
  [Status.UNAVAILABLE]: 503,
  [Status.SESSION_ENDED]: 401,
};

export function isSuccessStatus(status: number): boolean {
  return status === Status.OK || status === Status.OK_LEGACY;
}

/**
 * Translation keys sent as `enMsg`. The console translates them through the language table; an
 * untranslated key is shown in braces.
 */
export const MessageKey = {
  OK: 'OperationSuccess',
  INVALID_INPUT: 'InvalidInput',
  NOT_LOGGED_IN: 'NotLoggedIn',
  SESSION_ENDED: 'SessionEndedElsewhere',
  FORBIDDEN: 'Forbidden',
  GUEST_READ_ONLY: 'GuestReadOnly',
  NOT_FOUND: 'TheDataDoesNotExist',
  ALREADY_EXISTS: 'AlreadyExists',
  TOO_MANY_REQUESTS: 'TooManyRequests',
  TOO_MANY_LOGIN_ATTEMPTS: 'TooManyLoginAttempts',
  SERVER_ERROR: 'ServerError',
  UNAVAILABLE: 'ServiceUnavailable',
  WRONG_CREDENTIALS: 'WrongUsernameOrPassword',
  ACCOUNT_DISABLED_OR_WRONG: 'WrongUsernameOrPassword',
  REQUEST_TIMED_OUT: 'REQUEST_TIMED_OUT',
} as const;

export type MessageKeyValue = (typeof MessageKey)[keyof typeof MessageKey];

/** Response header that carries a renewed session token; the client replaces its stored token with it. */
export const RENEWED_TOKEN_HEADER = 'x-renewed-token';
/** Request header carrying the request id echoed in logs and error responses. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Name of the cookie the token may travel in (SPEC §10: token in a cookie). */
export const TOKEN_COOKIE = 'token';
