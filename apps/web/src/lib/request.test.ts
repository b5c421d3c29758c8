import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Status, Timing } from '@sunfleet/contracts';
import { i18n } from './i18n';
import { ApiError, api, download, fileNameOf, multipart, setNavigationPort } from './request';
import { StorageKey } from './storage';
import { resetToastState, setToastSink } from './toast';

interface Call {
  request: Request;
  signal: AbortSignal | undefined;
}

let calls: Call[];
let toasts: string[];
let navigations: string[];
let currentPath: string;

/** fetch as openapi-fetch calls it: a Request, plus the init carrying the request layer's timeout signal. */
function stubFetch(answer: (request: Request, signal: AbortSignal | undefined) => Promise<Response>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request, init?: RequestInit) => {
      const signal = init?.signal ?? undefined;
      calls.push({ request, signal });
      return answer(request, signal);
    }),
  );
}

function respond(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): void {
  stubFetch(() => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status: init.status ?? 200, headers: init.headers }));
  });
}

function headerOf(call: Call | undefined, name: string): string | null | undefined {
  return call?.request.headers.get(name);
}

/** Path and query of a call, without the origin the client puts in front. */
function pathOf(call: Call | undefined): string {
  const url = new URL(call?.request.url ?? 'http://invalid/');
  return `${url.pathname}${url.search}`;
}

beforeEach(() => {
  calls = [];
  toasts = [];
  navigations = [];
  currentPath = '/stationSystem?page=2';
  resetToastState();
  setToastSink({ open: (config) => toasts.push(config.content) });
  setNavigationPort({ currentPath: () => currentPath, navigate: (to) => navigations.push(to) });
  i18n.addResourceBundle(
    'EN',
    'translation',
    {
      WrongUsernameOrPassword: 'Wrong user name or password',
      NotLoggedIn: 'Please log in',
      REQUEST_TIMED_OUT: 'Request timed out',
    },
    true,
    true,
  );
  Cookies.remove(StorageKey.sessionCookie, { path: '/' });
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNavigationPort(undefined);
  setToastSink(undefined);
});

describe('request: success', () => {
  it('returns the envelope data for status 200 and for the legacy 101001', async () => {
    respond({ status: 200, enMsg: 'OperationSuccess', data: { a: 1 } });
    await expect(api.GET('/api/info')).resolves.toEqual({ a: 1 });
    respond({ status: Status.OK_LEGACY, enMsg: 'OperationSuccess', data: [1] });
    await expect(api.GET('/api/info')).resolves.toEqual([1]);
    expect(toasts).toEqual([]);
  });

  it('fills path parameters, leaves empty query values out and sends JSON bodies', async () => {
    respond({ status: 200, enMsg: '', data: null });
    await api.GET('/api/station/list', {
      params: { query: { pageNum: 2, name: undefined, concern: false } },
    });
    expect(pathOf(calls[0])).toBe('/api/station/list?pageNum=2&concern=false');
    await api.DELETE('/api/displayGroup/{key}', { params: { path: { key: 'a b/c' } } });
    expect(pathOf(calls[1])).toBe('/api/displayGroup/a%20b%2Fc');
    await api.PUT('/api/station/name', { body: { id: 4, name: 'Roof' } });
    expect(calls[2]?.request.method).toBe('PUT');
    expect(headerOf(calls[2], 'Content-Type')).toBe('application/json');
    expect(await calls[2]?.request.json()).toEqual({ id: 4, name: 'Roof' });
  });
});

describe('request: envelope errors', () => {
  it('toasts the translated enMsg and rejects with the status and the field errors', async () => {
    const fields = [{ field: 'body.password', rule: 'rule.password', message: 'too short' }];
    respond({ status: 4000, enMsg: 'WrongUsernameOrPassword', data: fields }, { status: 400 });
    const error = await api
      .POST('/api/login', { body: { username: 'a', password: 'b' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(4000);
    expect((error as ApiError).data).toEqual(fields);
    expect(toasts).toEqual(['Wrong user name or password']);
    expect(navigations).toEqual([]);
  });

  it('shows an untranslated message key in braces', async () => {
    respond({ status: 5000, enMsg: 'SomethingNobodyTranslated', data: null }, { status: 500 });
    await expect(api.GET('/api/config')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['{SomethingNobodyTranslated}']);
  });

  it.each([Status.NOT_LOGGED_IN, Status.SESSION_ENDED])(
    'on %i forgets the session and the language table and opens login with a redirect back',
    async (status) => {
      Cookies.set(StorageKey.sessionCookie, '1');
      localStorage.setItem(StorageKey.languageTable, '{"a":"b"}');
      respond({ status, enMsg: 'NotLoggedIn', data: null }, { status: 401 });
      await expect(api.GET('/api/info')).rejects.toMatchObject({ status });
      expect(Cookies.get(StorageKey.sessionCookie)).toBeUndefined();
      expect(localStorage.getItem(StorageKey.languageTable)).toBeNull();
      expect(navigations).toEqual(['/login/index?redirect=%2FstationSystem%3Fpage%3D2']);
      expect(toasts).toEqual(['Please log in']);
    },
  );

  it('does not redirect again when already on the login page', async () => {
    currentPath = '/login/index?redirect=%2Fx';
    Cookies.set(StorageKey.sessionCookie, '1');
    respond({ status: 4001, enMsg: 'NotLoggedIn', data: null }, { status: 401 });
    await expect(api.GET('/api/info')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual([]);
    expect(Cookies.get(StorageKey.sessionCookie)).toBeUndefined();
  });

  it('does not end the session on other errors such as 4003', async () => {
    Cookies.set(StorageKey.sessionCookie, '1');
    respond({ status: 4003, enMsg: 'GuestReadOnly', data: null }, { status: 403 });
    await expect(
      api.POST('/api/columnOption', { body: { page: 'station/list', columns: [] } }),
    ).rejects.toMatchObject({ status: 4003 });
    expect(Cookies.get(StorageKey.sessionCookie)).toBe('1');
    expect(navigations).toEqual([]);
  });

  it('shows one toast for a burst of failures within 30 ms', async () => {
    respond({ status: 5000, enMsg: 'ServerError', data: null }, { status: 500 });
    await Promise.allSettled([api.GET('/api/info'), api.GET('/api/routes'), api.GET('/api/config')]);
    expect(toasts).toHaveLength(1);
  });
});

describe('request: transport failures', () => {
  it('toasts REQUEST_TIMED_OUT when the call outlives its timeout', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_request, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const settled = api.GET('/api/info').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(Timing.requestTimeoutMs);
    const error = await settled;
    expect((error as ApiError).kind).toBe('timeout');
    expect(toasts).toEqual(['Request timed out']);
  });

  it('keeps the timeout running while the body is read', async () => {
    vi.useFakeTimers();
    stubFetch((_request, signal) => {
      // Headers arrive at once; the body never does until the signal aborts the stream.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const settled = api.GET('/api/info').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(Timing.requestTimeoutMs);
    expect(await settled).toMatchObject({ kind: 'timeout' });
  });

  it('rejects a network failure without a toast', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.GET('/api/info').catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('network');
    expect(toasts).toEqual([]);
  });

  it('rejects a non-envelope HTTP answer (e.g. a proxy page) without a toast', async () => {
    respond('<html>Bad gateway</html>', { status: 502 });
    const error = await api.GET('/api/info').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', httpStatus: 502 });
    respond('<html>captive portal</html>', { status: 200 });
    const second = await api.GET('/api/info').catch((e: unknown) => e);
    expect(second).toMatchObject({ kind: 'http', httpStatus: 200 });
    expect(toasts).toEqual([]);
  });
});

describe('request: the session cookie', () => {
  it('sends credentials and the XHR mark, but no Authorization header; none at all to /share URLs', async () => {
    Cookies.set(StorageKey.sessionCookie, '1');
    respond({ status: 200, enMsg: '', data: null });
    await api.GET('/api/station/weather', { params: { query: { stationId: 1 } } });
    await api.GET('/api/station/weather/share', { params: { query: { token: 'abc' } } });
    expect(headerOf(calls[0], 'Authorization')).toBeNull();
    expect(headerOf(calls[0], 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]?.request.credentials).toBe('same-origin');
    expect(headerOf(calls[1], 'Authorization')).toBeNull();
    expect(calls[1]?.request.credentials).toBe('omit');
    expect(pathOf(calls[1])).toBe('/api/station/weather/share?token=abc');
  });
});

describe('request: uploads and downloads (Step 2a)', () => {
  it('posts a file as multipart, marked as XHR, and lets the browser set the content type', async () => {
    respond({ status: 200, enMsg: 'OperationSuccess', data: { avatarUrl: '/api/file/x' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await expect(
      api.POST('/api/user/avatar', { body: { file }, bodySerializer: multipart }),
    ).resolves.toEqual({ avatarUrl: '/api/file/x' });
    const sent = calls[0]?.request;
    expect(headerOf(calls[0], 'Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    // A cookie-authenticated write that is not JSON is accepted only with this mark.
    expect(headerOf(calls[0], 'X-Requested-With')).toBe('XMLHttpRequest');
    // The bytes arrive; the file name is checked on the serializer's FormData below, because jsdom's File
    // loses its name when Node's fetch re-reads it (browsers keep it).
    const part = (await sent?.formData())?.get('file') as File | null | undefined;
    expect(part?.size).toBe(4);
    expect((multipart({ file }).get('file') as File).name).toBe('me.png');
  });

  it('downloads a file with the session cookie and the name from Content-Disposition', async () => {
    respond('PK-bytes', {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="log.xlsx"; filename*=UTF-8''audit%20log.xlsx`,
      },
    });
    const file = await download('/api/log/export', 'fallback.xlsx', {
      params: { query: { action: 'company', userId: undefined } },
    });
    expect(file.fileName).toBe('audit log.xlsx');
    expect(await file.blob.text()).toBe('PK-bytes');
    expect(pathOf(calls[0])).toBe('/api/log/export?action=company');
    expect(calls[0]?.request.credentials).toBe('same-origin');
  });

  it('treats an envelope answer to a download as the error it is', async () => {
    respond(
      { status: 4003, enMsg: 'GuestReadOnly', data: null },
      { status: 403, headers: { 'content-type': 'application/json' } },
    );
    await expect(download('/api/log/export', 'x.xlsx')).rejects.toMatchObject({ status: 4003 });
    expect(toasts).toEqual(['{GuestReadOnly}']);
  });

  it('reads plain and RFC 6266 file names, and falls back when there is none', () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf("inline; filename*=UTF-8''%E6%97%A5%E5%BF%97.xlsx")).toBe('日志.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
