// Route discovery and request building for the authorisation matrix: the route list comes from the
// router itself (every route any module registers), the request shapes from the OpenAPI document that
// the route schemas generate, so a route added later is probed without anyone editing the test.
import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ApiRoute {
  method: HttpMethod;
  /** Fastify form, e.g. /api/company/:id */
  url: string;
  /** OpenAPI form, e.g. /api/company/{id} */
  path: string;
}

/** Every route under /api in the router (HEAD twins of GET routes left out), from printRoutes' tree. */
export function listApiRoutes(app: FastifyInstance): ApiRoute[] {
  const stack: string[] = [];
  const routes: ApiRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─ ]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = Math.max(depth - 1, 0);
    stack.push(match[2] ?? '');
    const url = stack.join('');
    if (!url.startsWith('/api/') || !match[3]) continue;
    for (const m of match[3].split(',').map((s) => s.trim()))
      if (m !== 'HEAD') routes.push({ method: m as HttpMethod, url, path: url.replace(/:(\w+)/g, '{$1}') });
  }
  return routes;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  $ref?: string;
}

export interface Operation {
  pathParams: Record<string, JsonSchema>;
  query: Record<string, { schema: JsonSchema; required: boolean }>;
  /** The JSON body schema, when the route declares one. */
  body: JsonSchema | null;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The request shape of one route, or null when the route is not in the OpenAPI document. */
export function operationOf(app: FastifyInstance, route: ApiRoute): Operation | null {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const op = doc.paths[route.path]?.[route.method.toLowerCase()];
  if (!op) return null;
  const resolve = (s: JsonSchema): JsonSchema =>
    s.$ref ? resolve(doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''] ?? {}) : s;
  const pathParams: Operation['pathParams'] = {};
  const query: Operation['query'] = {};
  for (const p of op.parameters ?? []) {
    if (p.in === 'path') pathParams[p.name] = resolve(p.schema);
    if (p.in === 'query') query[p.name] = { schema: resolve(p.schema), required: p.required === true };
  }
  const body = op.requestBody?.content?.['application/json']?.schema;
  return { pathParams, query, body: body ? resolve(body) : null };
}

const STRING_CANDIDATES = [
  'probe.value',
  'PROBE',
  'probe',
  'Probe#Pass-2026',
  'probe.zq@example.com',
  '13900000001',
  '86',
  '123456',
  '0x0001',
  'Europe/Berlin',
  '12:00',
  '1.0.0',
  'ZZ',
  '2026-06-01',
];

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid' || schema.pattern?.includes('[0-9a-f]{8}-')) return randomUUID();
  if (schema.format === 'date-time') return '2026-06-01T08:00:00.000Z';
  const lower = name.toLowerCase();
  const byName = lower.includes('password')
    ? 'Probe#Pass-2026'
    : lower.includes('email')
      ? 'probe.zq@example.com'
      : lower === 'mobile'
        ? '13900000001'
        : lower === 'areacode'
          ? '86'
          : lower === 'token'
            ? randomBytes(32).toString('base64url')
            : null;
  const candidates = byName === null ? STRING_CANDIDATES : [byName, ...STRING_CANDIDATES];
  const fits = (v: string): boolean =>
    (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(v)) &&
    v.length >= (schema.minLength ?? 0) &&
    v.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  return candidates.find(fits) ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** A value the schema accepts: required properties only, first enum member, smallest legal number. */
export function sampleValue(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sampleValue(variants.find((v) => v.type !== 'null') ?? variants[0] ?? {}, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) out[key] = sampleValue(schema.properties?.[key] ?? {}, key);
    return out;
  }
  if (type === 'array')
    return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items ?? {}, name));
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (type === 'string') return sampleString(schema, name);
  return 'probe';
}

/** Names that carry an object id: `id`, `ids`, `…Id` and `…Ids`. */
export function isIdField(name: string): boolean {
  return name === 'id' || name === 'ids' || /[a-z]Ids?$/.test(name);
}

/** A multipart body with one tiny PNG named `file`, for upload routes (which declare no JSON body). */
export function pngMultipart(): { payload: Buffer; headers: Record<string, string> } {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const boundary = '----sunfleetmatrix';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The text a response exposes: the body, or every cell of a returned spreadsheet. */
export async function exposedText(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => {
      sheet.eachRow((row) => {
        row.eachCell((cell) => cells.push(cell.text));
      });
    });
    return cells.join('\n');
  }
  if (type.startsWith('image/')) return '';
  return res.body;
}
