import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HTTP_STATUS_OF, Status, type AuditAction } from '@sunfleet/contracts';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { isUnavailableError } from '../lib/errors.js';
import { errorEnvelope } from './envelope.plugin.js';
import { jsonWithoutNul, withoutNul } from '../lib/text.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Stable audit action name (e.g. `company.create`) and the kind of object the route acts on. */
    audit?: { action: AuditAction; target?: string } | false;
  }
  interface FastifyRequest {
    /** What a handler wants recorded beyond the route: the created id, the attempted user name… */
    auditDetail: { targetId?: string | number; [key: string]: unknown } | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Records every write under /api — who, what, when, from where and the result — once the answer is
 * known, whatever its outcome, and before it is sent. Request bodies are never stored (they hold
 * passwords and codes): only what a handler puts in `request.auditDetail`. The trail never loses a row:
 * texts are stored without NUL (which no column holds), and when the row still cannot be written the
 * request fails (5000, or 5003 when the database is down) instead of answering success unrecorded.
 */
export const auditPlugin = fp(
  (app: FastifyInstance, opts: { db: Db }) => {
    app.decorateRequest('auditDetail', null);
    // onSend, not onResponse: the record is written before the client sees the answer, so a write the
    // client saw succeed is always in the trail.
    app.addHook('onSend', async (request, reply, payload) => {
      if (READS.has(request.method) || !request.url.startsWith('/api/')) return payload;
      const config = request.routeOptions.config;
      // Machine-to-machine checks (the MQTT broker asking whether a logger may connect) are not actions.
      if (config.audit === false) return payload;
      const routeUrl = request.routeOptions.url;
      if (routeUrl === undefined) return payload;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const { targetId, ...detail } = request.auditDetail ?? {};
      const target = targetId ?? params.id;
      const status = reply.envelopeStatus ?? (reply.statusCode < 400 ? 200 : reply.statusCode * 10);
      // A request made with an API key is the key's act: the trail names the key, not its creator.
      const apiKey = request.session?.apiKey;
      if (apiKey !== undefined) detail.apiKeyId = apiKey.id;
      try {
        await opts.db.insert(auditLog).values({
          userId: apiKey === undefined ? (request.session?.userId ?? null) : null,
          username: request.session?.username ?? null,
          companyId: request.session?.companyId ?? null,
          action: (config.audit || undefined)?.action ?? `${request.method} ${routeUrl}`,
          targetType: (config.audit || undefined)?.target ?? null,
          targetId:
            typeof target === 'string' || typeof target === 'number' ? withoutNul(String(target)) : null,
          clientAddress: request.ip,
          requestId: request.id,
          status,
          detail: Object.keys(detail).length > 0 ? (jsonWithoutNul(detail) as Record<string, unknown>) : null,
        });
      } catch (err) {
        request.log.error({ err }, 'audit record could not be written');
        // Answered once: the error answer that replaces this one is not recorded a second time.
        // The answer becomes the failure (onSend may still replace it: nothing has been sent yet).
        const status = isUnavailableError(err) ? Status.UNAVAILABLE : Status.SERVER_ERROR;
        reply.envelopeStatus = status;
        reply.removeHeader('content-disposition');
        reply.code(HTTP_STATUS_OF[status]).type('application/json; charset=utf-8');
        return JSON.stringify(errorEnvelope(request, status, null));
      }
      return payload;
    });
  },
  { name: 'audit' },
);
