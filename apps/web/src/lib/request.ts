import { MessageKey, RENEWED_TOKEN_HEADER, Status, Timing, isSuccessStatus } from '@sunfleet/contracts';
import { translateMessage } from './i18n';
import { currentToken, renewToken, resetSession } from './session';
import { clearLanguageTable } from './storage';
import { showErrorToast } from './toast';

/** The one API base of SPEC §7. */
export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters; undefined and null values are left out. */
  params?: Record<string, QueryValue>;
  /** JSON body. */
  data?: unknown;
  /** Multipart body (uploads); the browser sets the content type with its boundary. */
  form?: FormData;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type ApiErrorKind = 'status' | 'timeout' | 'network' | 'http';

/** A failed call. `status`/`enMsg`/`data` come from the envelope when the server sent one. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly enMsg: string | undefined;
  readonly data: unknown;
  readonly httpStatus: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    enMsg?: string;
    data?: unknown;
    httpStatus?: number;
  }) {
    super(init.enMsg ?? init.kind);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.enMsg = init.enMsg;
    this.data = init.data;
    this.httpStatus = init.httpStatus;
  }
}

/** How the request layer leaves a page when the session is gone; the app installs the router's navigate. */
export interface NavigationPort {
  /** Current hash path with its query, e.g. `/stationSystem?page=2`. */
  currentPath(): string;
  navigate(to: string): void;
}

const hashNavigation: NavigationPort = {
  currentPath: () => window.location.hash.replace(/^#/, '') || '/',
  navigate: (to) => {
    window.location.hash = `#${to}`;
  },
};
let navigation: NavigationPort = hashNavigation;

export function setNavigationPort(port: NavigationPort | undefined): void {
  navigation = port ?? hashNavigation;
}

/** True on the login page itself, where a rejected session must not redirect again. */
export function isOnLoginPage(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return bare === '/login' || bare.startsWith('/login/');
}

/** Login URL that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login/index?redirect=${encodeURIComponent(path)}`;
}

/** SPEC §6: no Authorization header on URLs ending in /share. */
export function isShareUrl(url: string): boolean {
  const bare = url.split(/[?#]/)[0] ?? '';
  return bare.endsWith('/share');
}

function buildUrl(url: string, params: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  const full = `${API_BASE}${url.startsWith('/') ? url : `/${url}`}`;
  if (query === '') return full;
  return `${full}${full.includes('?') ? '&' : '?'}${query}`;
}

interface Envelope {
  status: number;
  enMsg: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.status === 'number' && typeof record.enMsg === 'string';
}

/** SPEC §8: 4001 and 102011 end the session: token and language table go, login opens with a redirect. */
function endSession(): void {
  resetSession();
  clearLanguageTable();
  const here = navigation.currentPath();
  if (!isOnLoginPage(here)) navigation.navigate(loginPathFor(here));
}

/**
 * Sends one call with the token, the timeout and the renewal header handled; `read` turns the response
 * into its body while the timeout still runs. A timeout toasts REQUEST_TIMED_OUT; other transport failures
 * reject without a toast (SPEC §8).
 */
async function send<R>(
  url: string,
  options: RequestOptions,
  read: (response: Response) => Promise<R>,
): Promise<{ response: Response; body: R }> {
  const { method = 'GET', params, data, form, timeoutMs = Timing.requestTimeoutMs, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = currentToken();
  if (token !== undefined && !isShareUrl(url)) headers.Authorization = `Bearer ${token}`;
  if (data !== undefined && form === undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const response = await fetch(buildUrl(url, params), {
      method,
      headers,
      body: form ?? (data === undefined ? undefined : JSON.stringify(data)),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const body = await read(response);
    const renewed = response.headers.get(RENEWED_TOKEN_HEADER);
    if (renewed !== null && renewed !== '') renewToken(renewed);
    return { response, body };
  } catch {
    if (timedOut) {
      showErrorToast(translateMessage(MessageKey.REQUEST_TIMED_OUT));
      throw new ApiError({ kind: 'timeout' });
    }
    throw new ApiError({ kind: 'network' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/** Success gives the envelope's data; any other status toasts the translated enMsg and rejects. */
function settle(body: unknown, response: Response): unknown {
  if (!isEnvelope(body)) throw new ApiError({ kind: 'http', httpStatus: response.status });
  if (isSuccessStatus(body.status)) return body.data;

  showErrorToast(translateMessage(body.enMsg));
  if (body.status === Status.NOT_LOGGED_IN || body.status === Status.SESSION_ENDED) endSession();
  throw new ApiError({
    kind: 'status',
    status: body.status,
    enMsg: body.enMsg,
    data: body.data,
    httpStatus: response.status,
  });
}

/**
 * Calls the API and returns the envelope's `data`. Success is status 200 or 101001; any other status
 * toasts the translated `enMsg` and rejects with an ApiError. A timeout toasts REQUEST_TIMED_OUT; other
 * transport failures reject without a toast (SPEC §8).
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { response, body } = await send(url, options, readJson);
  return settle(body, response) as T;
}

/** A file the API answered with instead of an envelope (exports). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, else the caller's fallback. */
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(disposition: string | null): string | undefined {
  if (disposition === null) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim();
}

/**
 * Fetches a file with the session's Authorization header (a plain link could not send it). An envelope
 * answer (JSON) is an error and is handled like any other call: toast, session end on 4001/102011.
 */
export async function download(
  url: string,
  params: Record<string, QueryValue> | undefined,
  fallbackName: string,
): Promise<DownloadedFile> {
  const { response, body } = await send(url, { method: 'GET', params }, async (res) => {
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('application/json')) return { json: await readJson(res) };
    return { blob: await res.blob() };
  });
  if ('json' in body) {
    settle(body.json, response);
    throw new ApiError({ kind: 'http', httpStatus: response.status });
  }
  if (!response.ok) throw new ApiError({ kind: 'http', httpStatus: response.status });
  return {
    blob: body.blob,
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName,
  };
}

export const api = {
  get: <T>(url: string, params?: Record<string, QueryValue>, options?: RequestOptions): Promise<T> =>
    request<T>(url, { ...options, method: 'GET', params }),
  post: <T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> =>
    request<T>(url, { ...options, method: 'POST', data }),
  put: <T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> =>
    request<T>(url, { ...options, method: 'PUT', data }),
  delete: <T>(url: string, params?: Record<string, QueryValue>, options?: RequestOptions): Promise<T> =>
    request<T>(url, { ...options, method: 'DELETE', params }),
  /** Multipart upload of one file under `field`. */
  upload: <T>(url: string, file: Blob, field = 'file', fileName?: string): Promise<T> => {
    const form = new FormData();
    if (fileName === undefined) form.append(field, file);
    else form.append(field, file, fileName);
    return request<T>(url, { method: 'POST', form });
  },
};
