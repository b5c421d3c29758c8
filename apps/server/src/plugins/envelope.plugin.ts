import { HTTP_STATUS_OF, MessageKey, Status, type FieldError, type StatusCode } from '@sunfleet/contracts';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, isUnavailableError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyReply {
    /** The envelope status of an error answer (read by the audit trail); null on success. */
    envelopeStatus: number | null;
  }
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const RULE_OF_KEYWORD: Record<string, string> = {
  required: 'rule.required',
  minLength: 'rule.tooShort',
  maxLength: 'rule.tooLong',
  pattern: 'rule.format',
  format: 'rule.format',
  type: 'rule.type',
  additionalProperties: 'rule.unknownField',
  minimum: 'rule.range',
  maximum: 'rule.range',
  exclusiveMinimum: 'rule.range',
  exclusiveMaximum: 'rule.range',
  minItems: 'rule.required',
  maxItems: 'rule.tooMany',
  maxProperties: 'rule.tooMany',
  enum: 'rule.enum',
  const: 'rule.enum',
  anyOf: 'rule.enum',
};

/** At most this many fields are listed in a 4000 answer; a last entry says how many more failed. */
export const MAX_FIELD_ERRORS = 20;

/**
 * Turns Ajv's findings into the `data` list of a 4000 answer: one entry per failing field, at most
 * MAX_FIELD_ERRORS of them (a body of 20,000 unknown keys must not get a 2 MB answer), then one entry
 * `{field: <context>, rule: 'rule.tooMany'}` counting the fields left out.
 */
export function fieldErrors(context: string, issues: readonly AjvIssue[]): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  let omitted = 0;
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    const extra =
      typeof issue.params.missingProperty === 'string'
        ? issue.params.missingProperty
        : typeof issue.params.additionalProperty === 'string'
          ? issue.params.additionalProperty
          : '';
    const field = [context, path, extra].filter(Boolean).join('.');
    let rule = RULE_OF_KEYWORD[issue.keyword] ?? MessageKey.INVALID_INPUT;
    if (issue.keyword === 'minLength' && issue.params.limit === 1) rule = 'rule.required';
    if (seen.has(field)) continue;
    seen.add(field);
    if (result.length < MAX_FIELD_ERRORS)
      result.push({ field, rule, message: issue.message ?? issue.keyword });
    else omitted += 1;
  }
  if (omitted > 0)
    result.push({
      field: context,
      rule: 'rule.tooMany',
      message: `${omitted} more failing field(s) not listed`,
    });
  return result;
}

type ErrorStatus = Exclude<StatusCode, 200 | 101001>;

const MESSAGE_OF: Partial<Record<ErrorStatus, string>> = {
  [Status.SERVER_ERROR]: MessageKey.SERVER_ERROR,
  [Status.UNAVAILABLE]: MessageKey.UNAVAILABLE,
};

/** The body of an error answer. */
export function errorEnvelope(
  request: FastifyRequest,
  status: ErrorStatus,
  data: FieldError[] | null,
  enMsg: string = MESSAGE_OF[status] ?? MessageKey.INVALID_INPUT,
): { status: ErrorStatus; enMsg: string; data: FieldError[] | null; requestId: string } {
  return { status, enMsg, data, requestId: request.id };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: ErrorStatus,
  enMsg: string,
  data: FieldError[] | null,
): FastifyReply {
  reply.envelopeStatus = status;
  return reply.code(HTTP_STATUS_OF[status]).send(errorEnvelope(request, status, data, enMsg));
}

/** 4000 naming one field and its rule. */
function refuse(request: FastifyRequest, reply: FastifyReply, field: string, rule: string, message: string) {
  return send(request, reply, Status.INVALID_INPUT, rule, [{ field, rule, message }]);
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a path that is not valid
 * percent-encoding, a path parameter longer than its limit) answers in the envelope too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'rejected malformed request');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    refuse(request, reply, 'params', 'rule.tooLong', 'a path parameter is too long');
  else refuse(request, reply, 'url', 'rule.format', 'not a valid URL');
}

/**
 * Fastify's `clientErrorHandler`: errors of the HTTP parser, before any request exists (headers larger
 * than Node's limit answer 431, anything unparseable 400), answered in the envelope on the raw socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, reason, field, rule] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'request', 'rule.format']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'headers', 'rule.tooLong']
        : [400, 'Bad Request', 'request', 'rule.format'];
  const body = JSON.stringify({
    status: Status.INVALID_INPUT,
    enMsg: rule,
    data: [{ field, rule, message: reason }],
  });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${code} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * Every error leaves as the envelope with the HTTP status of its class. Nothing internal (stack, SQL,
 * driver messages) reaches the client; unexpected errors are logged with the request id instead.
 */
export const envelopePlugin = fp(
  (app: FastifyInstance) => {
    app.decorateReply('envelopeStatus', null);
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return send(request, reply, error.status, error.enMsg, error.data);
      if (error.validation) {
        const fields = fieldErrors(error.validationContext ?? 'body', error.validation);
        return send(
          request,
          reply,
          Status.INVALID_INPUT,
          fields[0]?.rule ?? MessageKey.INVALID_INPUT,
          fields,
        );
      }
      if (isUnavailableError(error)) {
        request.log.error({ err: error }, 'dependency unavailable');
        return send(request, reply, Status.UNAVAILABLE, MessageKey.UNAVAILABLE, null);
      }
      const code = error.statusCode ?? 500;
      if (code === 404) return send(request, reply, Status.NOT_FOUND, MessageKey.NOT_FOUND, null);
      if (code === 429)
        return send(request, reply, Status.TOO_MANY_REQUESTS, MessageKey.TOO_MANY_REQUESTS, null);
      if (code >= 400 && code < 500) {
        // Malformed JSON, empty or oversized bodies, unsupported media types: the input is at fault.
        const rule = code === 413 ? 'rule.tooLong' : 'rule.format';
        request.log.info({ code: error.code }, 'rejected malformed request');
        return send(request, reply, Status.INVALID_INPUT, rule, [
          { field: 'body', rule, message: error.code },
        ]);
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(request, reply, Status.SERVER_ERROR, MessageKey.SERVER_ERROR, null);
    });

    app.setNotFoundHandler((request, reply) =>
      send(request, reply, Status.NOT_FOUND, MessageKey.NOT_FOUND, null),
    );
  },
  { name: 'envelope' },
);
