// Webhook calls: a POST of the JSON body, signed (X-Sunfleet-Signature: sha256=<hex HMAC-SHA256 of the
// raw body with the webhook's secret>), with X-Sunfleet-Timestamp and X-Sunfleet-Delivery. Redirects are
// not followed; only a 2xx answer counts as delivered. Unless private addresses are allowed, the address
// is checked against loopback, private, link-local and other internal ranges both as written and as
// resolved at connection time (the connection uses the checked address, so a DNS answer cannot change
// between check and use).
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WebhookLimits } from '@sunfleet/contracts';

const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  internal.addSubnet(net, prefix, 'ipv6');

/** True for an address no webhook should reach unless WEBHOOK_ALLOW_PRIVATE is set. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return internal.check(mapped[1] as string, 'ipv4');
    return internal.check(address, 'ipv6');
  }
  return false;
}

export type UrlProblem = 'invalid' | 'credentials' | 'private';

/** Checks a webhook URL as written (the resolved address is checked again at each call). */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): { url: URL } | { problem: UrlProblem } {
  if (raw.length > WebhookLimits.urlMax || raw !== raw.trim()) return { problem: 'invalid' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'invalid' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    return { problem: 'invalid' };
  if (url.username !== '' || url.password !== '') return { problem: 'credentials' };
  if (!allowPrivate && hostIsInternal(url.hostname)) return { problem: 'private' };
  return { url };
}

function hostIsInternal(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  return isInternalAddress(host);
}

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface WebhookCall {
  url: string;
  secret: string;
  body: string;
  deliveryId: number;
  sentAtSeconds: number;
}

export interface WebhookResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

class InternalAddressError extends Error {
  constructor(address: string) {
    super(`address ${address} is internal (WEBHOOK_ALLOW_PRIVATE is off)`);
  }
}

/** A DNS lookup that refuses internal answers. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => isInternalAddress(a.address));
    if (bad) return callback(new InternalAddressError(bad.address), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
    callback(null, first.address, first.family);
  });
};

/** POSTs one webhook call; never throws (every failure is a result the worker logs and retries). */
export function callWebhook(
  call: WebhookCall,
  opts: { timeoutMs: number; allowPrivate: boolean; userAgent: string },
): Promise<WebhookResult> {
  const checked = checkWebhookUrl(call.url, opts.allowPrivate);
  if ('problem' in checked)
    return Promise.resolve({ ok: false, status: null, error: `url ${checked.problem}` });
  const url = checked.url;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: WebhookResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(call.body),
          'user-agent': opts.userAgent,
          'x-sunfleet-signature': signature(call.secret, call.body),
          'x-sunfleet-timestamp': String(call.sentAtSeconds),
          'x-sunfleet-delivery': String(call.deliveryId),
        },
        timeout: opts.timeoutMs,
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < WebhookLimits.errorMax) text += chunk;
        });
        res.on('error', (err) => done({ ok: false, status: res.statusCode ?? null, error: err.message }));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          done({
            ok,
            status,
            error: ok ? null : `HTTP ${status}${text ? `: ${text.slice(0, WebhookLimits.errorMax)}` : ''}`,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on('error', (err) =>
      done({ ok: false, status: null, error: err.message.slice(0, WebhookLimits.errorMax) }),
    );
    req.end(call.body);
  });
}
