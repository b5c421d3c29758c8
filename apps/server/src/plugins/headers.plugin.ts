import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config.js';

/** The scheme and host of a URL template (`{s}` in a host becomes a wildcard), or null. */
export function originOf(template: string | null): string | null {
  if (template === null) return null;
  const match = /^(https?:\/\/[^/?#]+)/i.exec(template);
  if (!match?.[1]) return null;
  const origin = match[1].replace(/\{[^}]*\}/g, '*');
  // A wildcard is only valid as the leftmost label of a host source.
  return /^https?:\/\/(\*\.)?[^*]+$/i.test(origin) ? origin : null;
}

/**
 * The Content-Security-Policy of the console and the API. Scripts only from this origin; styles also
 * inline (Ant Design, ECharts and Leaflet set style attributes and inject style elements at run time);
 * images also from the configured map tiles, requests also to the configured geocoder; no plugins,
 * no framing by any page (the share view included: it is opened as a link, never embedded).
 */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'mapTileUrl' | 'mapGeocoderUrl'>,
): Record<string, string[]> {
  const tiles = originOf(config.mapTileUrl);
  const geocoder = originOf(config.mapGeocoderUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(geocoder ? [geocoder] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

const DOCUMENT_ONLY = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Security headers on every answer (console, API, documents): CSP with frame-ancestors 'none' (and the
 * older X-Frame-Options: DENY), nosniff, Referrer-Policy same-origin, cross-origin isolation of
 * resources and openers. HSTS is left to the TLS-terminating proxy, which knows whether HTTPS is used.
 */
export const headersPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.config) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
    });
    // Hashed scripts, styles and images are never documents: the headers that only govern a document
    // (its policy, its framing, its opener) would add about 700 bytes to each of the 40-odd files of a
    // first visit. nosniff and the resource policy stay.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/')) for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
      return payload;
    });
  },
  { name: 'headers' },
);
