// Authentication and access checks for an external broker (docs/operations.md "Device broker"): EMQX's
// HTTP authenticator and authorizer, and mosquitto-go-auth's HTTP backend. The rule is acl.ts, the same
// the embedded broker applies; the logger's credential is checked against the registry.
//
// The routes are public (the broker has no user session) but answer only a caller presenting
// MQTT_AUTH_SECRET; without it — or when the secret is not configured — they answer 4004 exactly like a
// route that does not exist.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  EmqxAclBody,
  EmqxAuthBody,
  EmqxResult,
  ErrorEnvelope,
  GoAuthAclBody,
  GoAuthSuperuserBody,
  GoAuthUserBody,
  MQTT_AUTH_HEADER,
  MQTT_AUTH_USER_AGENT_PREFIX,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Errors } from '../../lib/errors.js';
import { mayAccess, principalOf, type MqttAccess, type MqttPrincipal } from './acl.js';
import type { ServerMqttUser } from './mosquitto-files.js';

/** Checks a logger's secret against the registry (GatewayDirectory). */
export interface LoggerCredentials {
  authenticate(sn: string, password: string): Promise<boolean>;
}

export interface BrokerAuthOptions {
  directory: LoggerCredentials;
  /** MQTT_AUTH_SECRET; null disables the routes. */
  secret: string | null;
  /** The server's own MQTT user (from MQTT_URL), if any. */
  serverUser: ServerMqttUser | null;
}

/** The user name and password in MQTT_URL (`mqtt://user:password@host`), or null without a user name. */
export function serverMqttUser(mqttUrl: string | null): ServerMqttUser | null {
  if (mqttUrl === null) return null;
  const url = new URL(mqttUrl);
  if (url.username === '') return null;
  return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time equality of two strings of any length (compares their SHA-256 digests). */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The secret the broker presents: our header (EMQX), or the User-Agent go-auth can be told to send. */
function presentedSecret(request: FastifyRequest): string | null {
  const header = request.headers[MQTT_AUTH_HEADER];
  if (typeof header === 'string') return header;
  const agent = request.headers['user-agent'];
  const prefix = `${MQTT_AUTH_USER_AGENT_PREFIX}/`;
  return typeof agent === 'string' && agent.startsWith(prefix) ? agent.slice(prefix.length) : null;
}

/** go-auth's `acc`: 1 read, 2 write, 3 read and write, 4 subscribe. Anything else is refused. */
function accessesOfAcc(acc: number): MqttAccess[] | null {
  switch (acc) {
    case 1:
      return ['read'];
    case 2:
      return ['publish'];
    case 3:
      return ['read', 'publish'];
    case 4:
      return ['subscribe'];
    default:
      return null;
  }
}

const tags = ['mqtt-auth'];
const emqxResponses = { 200: EmqxResult, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
/** go-auth reads the HTTP status (2xx allow, else deny); the body also fits its `json` response mode. */
const GoAuthAnswer = Type.Object({ ok: Type.Boolean(), error: Type.Optional(Type.String()) });
const goAuthResponses = { 200: GoAuthAnswer, 403: GoAuthAnswer, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const secretHeader = Type.Object({
  [MQTT_AUTH_HEADER]: Type.Optional(Type.String({ description: 'MQTT_AUTH_SECRET (EMQX)' })),
});
const description =
  `Called by the broker, not by people. Requires MQTT_AUTH_SECRET in the \`${MQTT_AUTH_HEADER}\` header ` +
  `(or a User-Agent \`${MQTT_AUTH_USER_AGENT_PREFIX}/<secret>\` for mosquitto-go-auth, which cannot add ` +
  'headers); otherwise, or when the secret is not configured, 4004 as if the route did not exist.';

export const brokerAuthRoutes: FastifyPluginAsyncTypebox<BrokerAuthOptions> = async (
  app,
  { directory, secret, serverUser },
) => {
  // onRequest: a caller without the secret learns nothing, and its body is never even parsed.
  app.addHook('onRequest', async (request) => {
    const presented = presentedSecret(request);
    if (secret === null || presented === null || !sameSecret(presented, secret)) throw Errors.notFound();
  });

  const authenticate = async (
    principal: MqttPrincipal | null,
    password: string | undefined,
  ): Promise<boolean> => {
    if (principal === null || password === undefined || password === '') return false;
    if (principal.kind === 'server') return serverUser !== null && sameSecret(password, serverUser.password);
    return directory.authenticate(principal.sn, password);
  };
  const principal = (username: string | undefined, clientId: string | undefined): MqttPrincipal | null =>
    principalOf(username, clientId, serverUser?.username ?? null);
  const goAuth = (reply: FastifyReply, allowed: boolean): FastifyReply =>
    allowed ? reply.code(200).send({ ok: true }) : reply.code(403).send({ ok: false, error: 'denied' });

  app.post(
    '/mqtt/emqx/auth',
    {
      config: { public: true, audit: false },
      schema: {
        tags,
        summary: 'EMQX HTTP authenticator: a logger (client id = user name = SN) or the server user',
        description,
        headers: secretHeader,
        body: EmqxAuthBody,
        response: emqxResponses,
      },
    },
    async (request) => {
      const { clientid, username, password } = request.body;
      const allowed = await authenticate(principal(username, clientid), password);
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    },
  );

  app.post(
    '/mqtt/emqx/acl',
    {
      config: { public: true, audit: false },
      schema: {
        tags,
        summary: "EMQX HTTP authorizer: 'publish' or 'subscribe' on a topic, by the shared ACL rule",
        description,
        headers: secretHeader,
        body: EmqxAclBody,
        response: emqxResponses,
      },
    },
    async (request) => {
      const { clientid, username, topic, action } = request.body;
      const access = action === 'publish' || action === 'subscribe' ? action : null;
      const allowed = access !== null && mayAccess(principal(username, clientid), access, topic);
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    },
  );

  app.post(
    '/mqtt/goauth/user',
    {
      config: { public: true, audit: false },
      schema: {
        tags,
        summary: 'mosquitto-go-auth user check: 200 allows the connection, 403 refuses it',
        description,
        headers: secretHeader,
        body: GoAuthUserBody,
        response: goAuthResponses,
      },
    },
    async (request, reply) => {
      const { username, password, clientid } = request.body;
      return goAuth(reply, await authenticate(principal(username, clientid), password));
    },
  );

  app.post(
    '/mqtt/goauth/superuser',
    {
      config: { public: true, audit: false },
      schema: {
        tags,
        summary: "mosquitto-go-auth superuser check: 200 only for the server's own MQTT user",
        description,
        headers: secretHeader,
        body: GoAuthSuperuserBody,
        response: goAuthResponses,
      },
    },
    async (request, reply) =>
      goAuth(reply, serverUser !== null && request.body.username === serverUser.username),
  );

  app.post(
    '/mqtt/goauth/acl',
    {
      config: { public: true, audit: false },
      schema: {
        tags,
        summary: 'mosquitto-go-auth ACL check (acc 1 read, 2 write, 3 read+write, 4 subscribe)',
        description,
        headers: secretHeader,
        body: GoAuthAclBody,
        response: goAuthResponses,
      },
    },
    async (request, reply) => {
      const { username, clientid, topic, acc } = request.body;
      const accesses = accessesOfAcc(acc);
      const who = principal(username, clientid);
      return goAuth(reply, accesses !== null && accesses.every((access) => mayAccess(who, access, topic)));
    },
  );
};
