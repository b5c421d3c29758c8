import { HTTP_STATUS_OF, MessageKey, Status, type FieldError, type StatusCode } from '@sunfleet/contracts';
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

/** Turns Ajv's findings into the `data` list of a 4000 answer: one entry per failing field. */
export function fieldErrors(context: string, issues: readonly AjvIssue[]): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
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
    result.push({ field, rule, message: issue.message ?? issue.keyword });
  }
  return result;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: Exclude<StatusCode, 200 | 101001>,
  enMsg: string,
  data: FieldError[] | null,
): FastifyReply {
  reply.envelopeStatus = status;
  return reply.code(HTTP_STATUS_OF[status]).send({ status, enMsg, data, requestId: request.id });
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
