import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built console at `/`. Routes are hash routes, so only index.html and assets exist. Hashed
 * assets are cached for a year; index.html and the service worker are always revalidated. Text assets go
 * out brotli- or gzip-compressed as the build wrote them (Vary: Accept-Encoding).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    if (!existsSync(join(opts.webDist, 'index.html'))) {
      app.log.warn({ webDist: opts.webDist }, 'web console not built: run `npm run build`');
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply
          .code(503)
          .type('text/plain')
          .send('The web console is not built. Run `npm run build` (npm start does it for you).'),
      );
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: true,
      index: ['index.html'],
      // The build leaves .br and .gz copies of every text asset; the one the request accepts is sent.
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  },
  { name: 'web' },
);
