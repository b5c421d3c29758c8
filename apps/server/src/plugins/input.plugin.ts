import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { holdsNul, nulRefused } from '../lib/text.js';

/**
 * Refuses, before any schema or handler sees it, a request whose path, query or JSON body holds a NUL
 * character (4000). Upload file names are checked where the multipart part is read.
 */
export const inputPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      // Raw NUL cannot reach here (Node's parser refuses it); the percent-encoded form can.
      const query = request.url.indexOf('?');
      const path = query === -1 ? request.url : request.url.slice(0, query);
      if (/%00/i.test(path)) throw nulRefused('params');
      if (query !== -1 && /%00/i.test(request.url.slice(query))) throw nulRefused('querystring');
      if (holdsNul(request.body)) throw nulRefused('body');
    });
  },
  { name: 'input' },
);
