import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENEWED_TOKEN_HEADER, Status, TOKEN_COOKIE } from '@sunfleet/contracts';
import { i18n } from './i18n';
import { ApiError, api, download, fileNameOf, request, setNavigationPort } from './request';
import { StorageKey } from './storage';
import { resetToastState, setToastSink } from './toast';

interface Call {
  url: string;
  init: RequestInit;
}

let calls: Call[];
let toasts: string[];
let navigations: string[];
let currentPath: string;

function respond(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, requestInit: RequestInit) => {
      calls.push({ url, init: requestInit });
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      return Promise.resolve(new Response(text, { status: init.status ?? 200, headers: init.headers }));
    }),
  );
}

function headerOf(call: Call | undefined, name: string): string | undefined {
  const headers = (call?.init.headers ?? {}) as Record<string, string>;
  return headers[name];
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
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
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
    await expect(api.get('/info')).resolves.toEqual({ a: 1 });
    respond({ status: Status.OK_LEGACY, enMsg: 'OperationSuccess', data: [1] });
    await expect(api.get('/info')).resolves.toEqual([1]);
    expect(toasts).toEqual([]);
  });

  it('puts the API base in front and leaves empty query values out', async () => {
    respond({ status: 200, enMsg: '', data: null });
    await api.get('/station/list', { page: 2, name: undefined, q: null, flag: false });
    expect(calls[0]?.url).toBe('/api/station/list?page=2&flag=false');
  });
});

describe('request: envelope errors', () => {
  it('toasts the translated enMsg and rejects with the status', async () => {
    respond({ status: 4000, enMsg: 'WrongUsernameOrPassword', data: null }, { status: 400 });
    const error = await api.post('/login', { username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(4000);
    expect(toasts).toEqual(['Wrong user name or password']);
    expect(navigations).toEqual([]);
  });

  it('shows an untranslated message key in braces', async () => {
    respond({ status: 5000, enMsg: 'SomethingNobodyTranslated', data: null }, { status: 500 });
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['{SomethingNobodyTranslated}']);
  });

  it.each([Status.NOT_LOGGED_IN, Status.SESSION_ENDED])(
    'on %i clears token and language table and opens login with a redirect back',
    async (status) => {
      Cookies.set(TOKEN_COOKIE, 'old-token');
      localStorage.setItem(StorageKey.languageTable, '{"a":"b"}');
      respond({ status, enMsg: 'NotLoggedIn', data: null }, { status: 401 });
      await expect(api.get('/info')).rejects.toMatchObject({ status });
      expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
      expect(localStorage.getItem(StorageKey.languageTable)).toBeNull();
      expect(navigations).toEqual(['/login/index?redirect=%2FstationSystem%3Fpage%3D2']);
      expect(toasts).toEqual(['Please log in']);
    },
  );

  it('does not redirect again when already on the login page', async () => {
    currentPath = '/login/index?redirect=%2Fx';
    Cookies.set(TOKEN_COOKIE, 'old-token');
    respond({ status: 4001, enMsg: 'NotLoggedIn', data: null }, { status: 401 });
    await expect(api.get('/info')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual([]);
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });

  it('does not end the session on other errors such as 4003', async () => {
    Cookies.set(TOKEN_COOKIE, 'guest-token');
    respond({ status: 4003, enMsg: 'GuestReadOnly', data: null }, { status: 403 });
    await expect(api.post('/columnOption', {})).rejects.toMatchObject({ status: 4003 });
    expect(Cookies.get(TOKEN_COOKIE)).toBe('guest-token');
    expect(navigations).toEqual([]);
  });

  it('shows one toast for a burst of failures within 30 ms', async () => {
    respond({ status: 5000, enMsg: 'ServerError', data: null }, { status: 500 });
    await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(toasts).toHaveLength(1);
  });
});

describe('request: transport failures', () => {
  it('toasts REQUEST_TIMED_OUT when the call outlives its timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const error = await request('/slow', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('timeout');
    expect(toasts).toEqual(['Request timed out']);
  });

  it('rejects a network failure without a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.get('/x').catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('network');
    expect(toasts).toEqual([]);
  });

  it('rejects a non-envelope HTTP failure (e.g. a proxy page) without a toast', async () => {
    respond('<html>Bad gateway</html>', { status: 502 });
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', httpStatus: 502 });
    expect(toasts).toEqual([]);
  });
});

describe('request: token handling', () => {
  it('sends the token as a Bearer header, except to URLs ending in /share', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    respond({ status: 200, enMsg: '', data: null });
    await api.get('/station/weather');
    await api.get('/station/weather/share', { id: 3 });
    expect(headerOf(calls[0], 'Authorization')).toBe('Bearer tok-1');
    expect(headerOf(calls[1], 'Authorization')).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    respond({ status: 200, enMsg: '', data: null });
    await api.get('/config');
    expect(headerOf(calls[0], 'Authorization')).toBeUndefined();
  });

  it('replaces the stored token with a renewed one from the response header', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-old');
    respond({ status: 200, enMsg: '', data: null }, { headers: { [RENEWED_TOKEN_HEADER]: 'tok-new' } });
    await api.get('/info');
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-new');
    respond({ status: 200, enMsg: '', data: null });
    await api.get('/info');
    expect(headerOf(calls.at(-1), 'Authorization')).toBe('Bearer tok-new');
  });
});

describe('request: uploads and downloads (Step 2a)', () => {
  it('posts a file as multipart with the token and lets the browser set the content type', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    respond({ status: 200, enMsg: 'OperationSuccess', data: { avatarUrl: '/api/file/x' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await expect(api.upload('/user/avatar', file, 'file', file.name)).resolves.toEqual({
      avatarUrl: '/api/file/x',
    });
    const body = calls[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('me.png');
    expect(headerOf(calls[0], 'Content-Type')).toBeUndefined();
    expect(headerOf(calls[0], 'Authorization')).toBe('Bearer tok-1');
  });

  it('downloads a file with the token and the name from Content-Disposition', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    respond('PK-bytes', {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="log.xlsx"; filename*=UTF-8''audit%20log.xlsx`,
      },
    });
    const file = await download('/log/export', { action: 'company', userId: undefined }, 'fallback.xlsx');
    expect(file.fileName).toBe('audit log.xlsx');
    expect(await file.blob.text()).toBe('PK-bytes');
    expect(calls[0]?.url).toBe('/api/log/export?action=company');
    expect(headerOf(calls[0], 'Authorization')).toBe('Bearer tok-1');
  });

  it('treats an envelope answer to a download as the error it is', async () => {
    respond(
      { status: 4003, enMsg: 'GuestReadOnly', data: null },
      { status: 403, headers: { 'content-type': 'application/json' } },
    );
    await expect(download('/log/export', {}, 'x.xlsx')).rejects.toMatchObject({ status: 4003 });
    expect(toasts).toEqual(['{GuestReadOnly}']);
  });

  it('reads plain and RFC 6266 file names, and falls back when there is none', () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf("inline; filename*=UTF-8''%E6%97%A5%E5%BF%97.xlsx")).toBe('日志.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
