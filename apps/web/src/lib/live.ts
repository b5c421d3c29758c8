// Live updates from GET /api/live (Server-Sent Events, docs/charts.md "Live updates"). EventSource cannot
// send the Authorization header, so this reads the stream with fetch; it reconnects with back-off when the
// stream drops or goes silent, stops for good on refusals (no session, no access), and stops on unmount.
import { useEffect, useRef, useState } from 'react';
import {
  LiveLimits,
  Status,
  type LiveAlarmEvent,
  type LiveCommandEvent,
  type LiveCurveEvent,
  type LiveEvent,
  type LiveUnreadEvent,
  type LiveLatestEvent,
  type LiveStatsEvent,
  type LiveStatusEvent,
} from '@sunfleet/contracts';
import { apiClient } from './request';

export type LiveTarget = { stationId: number } | { deviceId: number } | { gatewayId: number };

/**
 * A stream: one station, logger or device (GET /api/live), the caller's alarms (GET /api/live/alarms) or the
 * commands within the caller's reach (GET /api/live/commands).
 */
export type LiveSource = LiveTarget | 'alarms' | 'commands';

/** connecting → live; retrying after a drop; stopped after a refusal or when closed. */
export type LiveState = 'connecting' | 'live' | 'retrying' | 'stopped';

export interface LiveOptions {
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** No bytes (not even a heartbeat) for this long: the connection is presumed dead and reopened. */
  silenceMs?: number;
  onState?: (state: LiveState) => void;
}

const DEFAULTS = { baseDelayMs: 1_000, maxDelayMs: 30_000, silenceMs: LiveLimits.heartbeatMs * 3 };

/** Refusals that another attempt cannot cure. */
const FINAL_STATUSES = new Set<number>([
  Status.INVALID_INPUT,
  Status.NOT_LOGGED_IN,
  Status.SESSION_ENDED,
  Status.FORBIDDEN,
  Status.NOT_FOUND,
]);

/** Feeds text chunks, calls back once per complete event (blank-line separated, CRLF tolerated). */
export function createSseParser(onEvent: (event: LiveEvent) => void): (chunk: string) => void {
  let buffer = '';
  const dispatch = (block: string): void => {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    if (type === 'latest') onEvent({ type, data: parsed as LiveLatestEvent });
    else if (type === 'status') onEvent({ type, data: parsed as LiveStatusEvent });
    else if (type === 'stats') onEvent({ type, data: parsed as LiveStatsEvent });
    else if (type === 'curve') onEvent({ type, data: parsed as LiveCurveEvent });
    else if (type === 'alarm') onEvent({ type, data: parsed as LiveAlarmEvent });
    else if (type === 'unread') onEvent({ type, data: parsed as LiveUnreadEvent });
    else if (type === 'command') onEvent({ type, data: parsed as LiveCommandEvent });
  };
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      dispatch(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  };
}

/** Identifies a target's stream (`stationId=5`): the hook reopens the stream only when it changes. */
export function liveKey(target: LiveSource): string {
  if (target === 'alarms' || target === 'commands') return target;
  const [name, id] = Object.entries(target)[0] ?? ['stationId', 0];
  return `${name}=${String(id)}`;
}

async function envelopeStatus(body: unknown): Promise<unknown> {
  if (body instanceof ReadableStream) body = await new Response(body).json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as { status?: unknown }).status : undefined;
}

type Attempt = 'ended' | 'final' | 'failed';

/**
 * Opens the stream and keeps it open until the returned function is called. Each drop reconnects after
 * baseDelayMs · 2^n (n = failed attempts in a row, capped at maxDelayMs); a stream that opened resets n.
 */
export function openLive(
  target: LiveSource,
  onEvent: (event: LiveEvent) => void,
  options: LiveOptions = {},
): () => void {
  const { baseDelayMs, maxDelayMs, silenceMs } = { ...DEFAULTS, ...options };
  let stopped = false;
  let controller: AbortController | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  /** Aborts the request and cancels its body (a body that outlived the fetch would keep waiting). */
  const hangUp = (abort: AbortController | null): void => {
    abort?.abort();
    void reader?.cancel().catch(() => undefined);
  };
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  const setState = (state: LiveState): void => options.onState?.(state);

  const attempt = async (): Promise<Attempt> => {
    controller = new AbortController();
    const abort = controller;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const watch = (): void => {
      if (silence !== null) clearTimeout(silence);
      silence = setTimeout(() => hangUp(abort), silenceMs);
    };
    try {
      watch();
      // The typed client adds the session and takes a renewed token, like every other call.
      const init = {
        headers: { Accept: 'text/event-stream' },
        parseAs: 'stream',
        fetch: (request: Request) => globalThis.fetch(request, { signal: abort.signal }),
      } as const;
      const { data, error, response } =
        target === 'alarms'
          ? await apiClient.GET('/api/live/alarms', init)
          : target === 'commands'
            ? await apiClient.GET('/api/live/commands', init)
            : await apiClient.GET('/api/live', { params: { query: target }, ...init });
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream') || data === null || data === undefined) {
        const status = await envelopeStatus(error ?? data);
        return typeof status === 'number' && FINAL_STATUSES.has(status) ? 'final' : 'failed';
      }
      failures = 0;
      setState('live');
      const body = data.getReader();
      reader = body;
      const decoder = new TextDecoder();
      const feed = createSseParser((event) => {
        if (!stopped) onEvent(event);
      });
      for (;;) {
        const { done, value } = await body.read();
        if (done) return 'ended';
        watch();
        feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      return 'failed';
    } finally {
      if (silence !== null) clearTimeout(silence);
      reader = null;
    }
  };

  const run = async (): Promise<void> => {
    setState('connecting');
    const outcome = await attempt();
    if (stopped) return;
    if (outcome === 'final') {
      stopped = true;
      setState('stopped');
      return;
    }
    if (outcome === 'failed') failures++;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, failures - 1));
    setState('retrying');
    retryTimer = setTimeout(() => void run(), delay);
  };
  void run();

  return () => {
    stopped = true;
    if (retryTimer !== null) clearTimeout(retryTimer);
    hangUp(controller);
    setState('stopped');
  };
}

/**
 * Live events of one station, logger or device — or of the caller's alarms ('alarms') — while the
 * component is mounted (null target: none).
 * `onEvent` may change between renders without reopening the stream. Answers the connection state.
 */
export function useLive(
  target: LiveSource | null,
  onEvent: (event: LiveEvent) => void,
  options: Omit<LiveOptions, 'onState'> = {},
): LiveState {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [state, setState] = useState<LiveState>(target === null ? 'stopped' : 'connecting');
  const key = target === null ? null : liveKey(target);
  const { baseDelayMs, maxDelayMs, silenceMs } = options;
  useEffect(() => {
    if (target === null) {
      setState('stopped');
      return undefined;
    }
    return openLive(target, (event) => handler.current(event), {
      onState: setState,
      ...(baseDelayMs === undefined ? {} : { baseDelayMs }),
      ...(maxDelayMs === undefined ? {} : { maxDelayMs }),
      ...(silenceMs === undefined ? {} : { silenceMs }),
    });
    // The stream depends on the target (key), not on the object's identity.
  }, [key, baseDelayMs, maxDelayMs, silenceMs]);
  return state;
}
