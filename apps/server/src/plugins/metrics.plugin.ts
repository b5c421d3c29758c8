import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { Errors } from '../lib/errors.js';

/** True when `presented` is `Bearer <token>`, compared in constant time. */
function bearerMatches(presented: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(presented ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics: process defaults plus request durations by route and status, and the
 * registries of the other services running in this process (the ingest's counters). With METRICS_TOKEN
 * set, only a scraper presenting `Authorization: Bearer <METRICS_TOKEN>` gets them (else 4001).
 */
export const metricsPlugin = fp(
  (app: FastifyInstance, opts: { extra?: readonly Registry[]; token?: string | null }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'sunfleet_' });
    const duration = new Histogram({
      name: 'sunfleet_http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status code',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    app.addHook('onResponse', (request, reply, done) => {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      if (opts.token && !bearerMatches(request.headers.authorization, opts.token)) throw Errors.notLoggedIn();
      reply.header('content-type', registry.contentType);
      const parts = await Promise.all([registry, ...(opts.extra ?? [])].map((r) => r.metrics()));
      return parts.join('\n');
    });
  },
  { name: 'metrics' },
);

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}
