import { act, renderHook, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveEvent } from '@sunfleet/contracts';
import { createSseParser, liveKey, openLive, useLive, type LiveState } from './live';
import { StorageKey } from './storage';

interface Call {
  /** Path and query, without the origin. */
  url: string;
  headers: Headers;
  signal: AbortSignal | undefined;
}

/** A streaming response whose chunks the test pushes; `end()` closes it like a server would. */
function streamResponse(): { response: Response; push: (text: string) => void; end: () => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const envelope = (status: number): Response =>
  new Response(JSON.stringify({ status, enMsg: 'x', data: null }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

let calls: Call[];
let answers: (() => Response | Promise<Response>)[];

beforeEach(() => {
  calls = [];
  answers = [];
  Cookies.set(StorageKey.sessionCookie, '1');
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request, init?: RequestInit) => {
      const url = new URL(request.url);
      calls.push({
        url: `${url.pathname}${url.search}`,
        headers: request.headers,
        signal: init?.signal ?? undefined,
      });
      const next = answers.shift();
      if (!next) return new Promise<Response>(() => undefined);
      return Promise.resolve(next());
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(StorageKey.sessionCookie);
});

describe('createSseParser', () => {
  it('parses events split across chunks, skips comments and unknown events, tolerates CRLF', () => {
    const events: LiveEvent[] = [];
    const feed = createSseParser((e) => events.push(e));
    feed('retry: 3000\n\n: heartbeat\n\nevent: lat');
    feed('est\ndata: {"deviceId":7,"ts":1000,"values":{"W":5}}\n');
    expect(events).toEqual([]);
    feed('\nevent: status\r\ndata: {"kind":"STATION","id":3,"status":"ONLINE"}\r\n\r\n');
    feed('event: other\ndata: {"x":1}\n\nevent: latest\ndata: not json\n\n');
    expect(events).toEqual([
      { type: 'latest', data: { deviceId: 7, ts: 1000, values: { W: 5 } } },
      { type: 'status', data: { kind: 'STATION', id: 3, status: 'ONLINE' } },
    ]);
  });

  it('keys each target kind by its query', () => {
    expect(liveKey({ stationId: 5 })).toBe('stationId=5');
    expect(liveKey({ deviceId: 6 })).toBe('deviceId=6');
    expect(liveKey({ gatewayId: 7 })).toBe('gatewayId=7');
  });
});

describe('openLive', () => {
  it('goes with the session cookie, delivers events, and reconnects after the stream ends', async () => {
    const first = streamResponse();
    const second = streamResponse();
    answers.push(
      () => first.response,
      () => second.response,
    );
    const events: LiveEvent[] = [];
    const states: LiveState[] = [];
    const stop = openLive({ stationId: 5 }, (e) => events.push(e), {
      baseDelayMs: 5,
      onState: (s) => states.push(s),
    });
    await waitFor(() => expect(states).toContain('live'));
    expect(calls[0]?.url).toBe('/api/live?stationId=5');
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]?.headers.get('Accept')).toBe('text/event-stream');
    first.push('event: latest\ndata: {"deviceId":1,"ts":2,"values":{}}\n\n');
    await waitFor(() => expect(events).toHaveLength(1));
    first.end();
    await waitFor(() => expect(calls).toHaveLength(2));
    second.push('event: status\ndata: {"kind":"DEVICE","id":1,"status":"RUNNING"}\n\n');
    await waitFor(() => expect(events).toHaveLength(2));
    stop();
    expect(calls[1]?.signal?.aborted).toBe(true);
    expect(states.at(-1)).toBe('stopped');
  });

  it('backs off after failures and stops for good on a refusal', async () => {
    const times: number[] = [];
    answers.push(
      () => {
        times.push(Date.now());
        return Promise.reject(new TypeError('network down'));
      },
      () => {
        times.push(Date.now());
        return envelope(5003);
      },
      () => {
        times.push(Date.now());
        return envelope(4004);
      },
    );
    const states: LiveState[] = [];
    openLive({ deviceId: 9 }, () => undefined, { baseDelayMs: 40, onState: (s) => states.push(s) });
    await waitFor(() => expect(states.at(-1)).toBe('stopped'), { timeout: 2_000 });
    expect(calls).toHaveLength(3);
    // Second failure in a row waits twice as long as the first.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(35);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(75);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(3);
  });

  it('reopens a stream that goes silent', async () => {
    const silent = streamResponse();
    const next = streamResponse();
    answers.push(
      () => silent.response,
      () => next.response,
    );
    const stop = openLive({ gatewayId: 2 }, () => undefined, { baseDelayMs: 5, silenceMs: 50 });
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 2_000 });
    expect(calls[0]?.signal?.aborted).toBe(true);
    stop();
  });
});

describe('useLive', () => {
  it('streams while mounted, uses the newest handler, and closes on unmount', async () => {
    const stream = streamResponse();
    answers.push(() => stream.response);
    const seen: string[] = [];
    const { result, rerender, unmount } = renderHook(
      ({ tag }: { tag: string }) =>
        useLive({ stationId: 3 }, (e) => seen.push(`${tag}:${e.type}`), { baseDelayMs: 5 }),
      { initialProps: { tag: 'a' } },
    );
    await waitFor(() => expect(result.current).toBe('live'));
    rerender({ tag: 'b' });
    act(() => stream.push('event: latest\ndata: {"deviceId":1,"ts":2,"values":{}}\n\n'));
    await waitFor(() => expect(seen).toEqual(['b:latest']));
    // Re-rendering with an equal target does not reopen the stream.
    expect(calls).toHaveLength(1);
    unmount();
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('opens nothing without a target', () => {
    const { result } = renderHook(() => useLive(null, () => undefined));
    expect(result.current).toBe('stopped');
    expect(calls).toHaveLength(0);
  });
});
