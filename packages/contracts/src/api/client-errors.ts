// Runtime errors of the console (SPEC §8 "Production runtime errors go to an error log store"): the web
// reports its uncaught errors to POST /clientError; the server keeps them grouped by fingerprint for staff
// (runtimeError:view). docs/runtime-errors.md.
import { Type, type Static } from 'typebox';
import { PageQueryFields } from './paging.js';

export const ClientErrorLimits = {
  messageMax: 1_000,
  stackMax: 8_000,
  routeMax: 500,
  buildMax: 64,
  userAgentMax: 500,
  /** Bytes of one report's JSON body (the fields above fit well within it). */
  bodyBytesMax: 16 * 1024,
  /** Reports one client address may send per window, and one session. */
  reportsPerAddress: 30,
  reportsPerSession: 30,
  windowSeconds: 60,
  /** Occurrences kept per group (the newest); the count goes on. */
  samplesPerGroup: 10,
  keywordMax: 100,
  /** Housekeeping default of CLIENT_ERROR_RETENTION_DAYS. */
  retentionDaysDefault: 30,
  /** The web sends the same fingerprint at most once per this many milliseconds. */
  clientRepeatMs: 60_000,
  /** The web sends at most this many reports per page load. */
  clientReportsPerLoad: 20,
} as const;

/** Where the web caught the error. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'react'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const ClientErrorReport = Type.Object(
  {
    kind: Type.Enum(CLIENT_ERROR_KINDS),
    message: Type.String({ minLength: 1, maxLength: ClientErrorLimits.messageMax }),
    stack: Type.Optional(Type.String({ maxLength: ClientErrorLimits.stackMax })),
    /** The hash route the console showed, e.g. '/gatewayCentre' (no query: it may hold search text). */
    route: Type.String({ maxLength: ClientErrorLimits.routeMax }),
    /** The web build id (`__BUILD_ID__`). */
    build: Type.String({ minLength: 1, maxLength: ClientErrorLimits.buildMax }),
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReport>;

export const ClientErrorQuery = Type.Object(
  {
    ...PageQueryFields,
    q: Type.Optional(
      Type.String({ maxLength: ClientErrorLimits.keywordMax, description: 'Part of the message' }),
    ),
    build: Type.Optional(Type.String({ maxLength: ClientErrorLimits.buildMax })),
  },
  { additionalProperties: false },
);
export type ClientErrorQuery = Static<typeof ClientErrorQuery>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ClientErrorGroup = Type.Object({
  id: Type.Integer(),
  fingerprint: Type.String({ description: 'SHA-256 (hex) of message, first stack frame and build' }),
  kind: Type.Enum(CLIENT_ERROR_KINDS),
  message: Type.String(),
  /** The first stack frame, as reported; null without a stack. */
  frame: NullableString,
  build: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  firstSeenAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  lastRoute: Type.String(),
  /** The user of the newest occurrence; null before login. */
  lastUser: NullableString,
});
export type ClientErrorGroup = Static<typeof ClientErrorGroup>;

export const ClientErrorSample = Type.Object({
  id: Type.Integer(),
  occurredAt: Type.String({ format: 'date-time' }),
  message: Type.String(),
  stack: NullableString,
  route: Type.String(),
  user: NullableString,
  userAgent: NullableString,
});
export type ClientErrorSample = Static<typeof ClientErrorSample>;

export const ClientErrorDetail = Type.Object({
  ...ClientErrorGroup.properties,
  /** The newest occurrences, newest first (at most ClientErrorLimits.samplesPerGroup). */
  samples: Type.Array(ClientErrorSample),
});
export type ClientErrorDetail = Static<typeof ClientErrorDetail>;
