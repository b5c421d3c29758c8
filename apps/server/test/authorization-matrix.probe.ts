// One route of the authorisation matrix, called by each principal with objects of other tenants.
import type { TestApp } from './helpers.js';
import {
  exposedText,
  isIdField,
  pngMultipart,
  sampleValue,
  type ApiRoute,
  type Operation,
} from './authorization-matrix.support.js';
import type { Principal, World } from './authorization-matrix.world.js';

export interface Finding {
  route: string;
  who: string;
  problem: string;
}

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

interface Outcome {
  status: number;
  enMsg: string;
  text: string;
}

async function send(
  t: TestApp,
  route: ApiRoute,
  p: Principal,
  req: Request,
  multipart = false,
): Promise<Outcome> {
  const url =
    route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(req.params[name]))) +
    (Object.keys(req.query).length > 0
      ? `?${new URLSearchParams(Object.entries(req.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
      : '');
  const auth: Record<string, string> = p.token === null ? {} : { authorization: `Bearer ${p.token}` };
  const upload = multipart ? pngMultipart() : null;
  const res = await t.app.inject({
    method: route.method,
    url,
    headers: { ...auth, ...(upload?.headers ?? {}) },
    ...(upload ? { payload: upload.payload } : req.body === undefined ? {} : { payload: req.body }),
  });
  const type = String(res.headers['content-type'] ?? '');
  const envelope = type.includes('json') ? res.json<{ status?: number; enMsg?: string }>() : {};
  return {
    status: envelope.status ?? (res.statusCode === 200 ? 200 : res.statusCode * 10),
    enMsg: envelope.enMsg ?? '',
    text: await exposedText(res),
  };
}

/** The request with every id field naming an object of the principal's own reach. */
function baseRequest(world: World, route: ApiRoute, op: Operation, p: Principal): Request {
  const own = (field: string, schemaValue: unknown): unknown => {
    const kind = world.kindOf(route, field);
    return kind === null ? schemaValue : world.own(p, kind);
  };
  const params = Object.fromEntries(
    Object.entries(op.pathParams).map(([name, schema]) => [name, own(name, sampleValue(schema, name))]),
  );
  const query = Object.fromEntries(
    Object.entries(op.query)
      .filter(([, q]) => q.required)
      .map(([name, q]) => [name, sampleValue(q.schema, name)]),
  );
  let body: Record<string, unknown> | undefined;
  if (op.body) {
    body = sampleValue(op.body) as Record<string, unknown>;
    for (const field of Object.keys(body))
      if (isIdField(field)) {
        // A list of ids (`…Ids`) holds one id of the principal's reach.
        const value = body[field];
        body[field] = Array.isArray(value) ? [own(field, value[0])] : own(field, value);
      }
  }
  return { params, query, body };
}

/**
 * Calls the route as each principal and reports what went wrong: foreign markers in a response, a
 * foreign id that was not refused, an unexpected status, or a probe the route refused as invalid input
 * (then the probe proved nothing and the route needs a better sample).
 */
export async function probeRoute(
  t: TestApp,
  world: World,
  route: ApiRoute,
  op: Operation,
  mode: 'public' | 'self' | 'global' | 'tenant',
): Promise<{ probes: number; findings: Finding[] }> {
  const findings: Finding[] = [];
  let probes = 0;
  const routeKey = `${route.method} ${route.url}`;
  const check = async (
    p: Principal,
    req: Request,
    allowed: readonly number[],
    what: string,
  ): Promise<void> => {
    probes++;
    let out = await send(t, route, p, req);
    // Upload routes declare no JSON body: a refused content type means the probe needs a file.
    if (out.status === 4000 && !op.body && route.method !== 'GET') out = await send(t, route, p, req, true);
    const report = (problem: string) =>
      findings.push({ route: routeKey, who: p.name, problem: `${what}: ${problem}` });
    const leaked = world.foreignMarkersIn(p, out.text);
    if (leaked.length > 0) report(`foreign data in the response (${leaked.join(', ')})`);
    if (out.status === 4000) report(`refused as invalid input (${out.enMsg}), so the probe proved nothing`);
    else if (!allowed.includes(out.status))
      report(`answered ${out.status} ${out.enMsg}, expected ${allowed.join('/')}`);
  };

  const pathIds = Object.keys(op.pathParams).filter((f) => world.kindOf(route, f) !== null);
  const bodyIds = Object.keys(op.body?.properties ?? {}).filter((f) => world.kindOf(route, f) !== null);
  const queryIds = Object.keys(op.query).filter((f) => world.kindOf(route, f) !== null);

  // Public and self-only routes are called anonymously only: their writes would legitimately change data.
  const principals = mode === 'public' || mode === 'self' ? [world.anonymous] : world.principals;
  for (const p of principals) {
    const base = baseRequest(world, route, op, p);
    if (p.kind === 'anonymous') {
      await check(p, base, mode === 'public' ? [200, 4004] : [4001], 'anonymous');
      continue;
    }
    if (mode === 'global' && route.method !== 'GET') {
      // Shared reference data: no tenant principal holds the platform permission to change it.
      await check(p, base, [4003], 'write to shared reference data');
      continue;
    }
    if (route.method === 'GET') {
      await check(p, base, [200, 4003, 4004], 'own objects');
      for (const field of queryIds)
        for (const foreign of world.foreign(p, world.kindOf(route, field) ?? 'company'))
          await check(
            p,
            { ...base, query: { ...base.query, [field]: foreign } },
            [200, 4003, 4004],
            `?${field}=${foreign}`,
          );
    }
    for (const field of pathIds)
      for (const foreign of world.foreign(p, world.kindOf(route, field) ?? 'company'))
        await check(
          p,
          { ...base, params: { ...base.params, [field]: foreign } },
          [4003, 4004],
          `:${field}=${foreign}`,
        );
    for (const field of bodyIds)
      for (const foreign of world.foreign(p, world.kindOf(route, field) ?? 'company')) {
        if (
          field === 'parentId' &&
          base.body?.id !== undefined &&
          foreign === world.parentOf(Number(base.body.id))
        )
          continue;
        await check(
          p,
          { ...base, body: { ...base.body, [field]: /(^i|I)ds$/.test(field) ? [foreign] : foreign } },
          [4003, 4004],
          `body.${field}=${foreign}`,
        );
      }
  }
  return { probes, findings };
}
