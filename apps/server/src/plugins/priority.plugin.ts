import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PriorityGate } from '../db/priority.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers with a long-lived stream and does not hold background work back. */
    foreground?: false;
  }
}

/**
 * On PGlite, marks every request as foreground work from its arrival until its response is finished
 * (or its connection closed), so background transactions wait for it (db/priority.ts).
 */
export const priorityPlugin = fp(
  (app: FastifyInstance, opts: { gate: PriorityGate }) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.foreground !== false) {
        const end = opts.gate.request();
        reply.raw.once('finish', end);
        reply.raw.once('close', end);
      }
      done();
    });
  },
  { name: 'priority' },
);
