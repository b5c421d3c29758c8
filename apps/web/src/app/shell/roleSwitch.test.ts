import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient, sessionKeys } from '../../lib/queryClient';
import { hasSession } from '../../lib/session';
import { StorageKey } from '../../lib/storage';
import { addView, resetViews, tagsStore } from '../state/tags';
import { switchRole } from './roleSwitch';

afterEach(() => {
  vi.unstubAllGlobals();
  resetViews();
  queryClient.removeQueries();
  Cookies.remove(StorageKey.sessionCookie, { path: '/' });
});

describe('switchRole (SPEC §4)', () => {
  it('keeps the session the server switched, forgets everything cached for the old role and closes all tabs', async () => {
    Cookies.set(StorageKey.sessionCookie, '1');
    queryClient.setQueryData(sessionKeys.info, { roleId: 2 });
    queryClient.setQueryData(['org', 'users'], { total: 3, list: [] });
    addView({
      path: '/index',
      fullPath: '/index',
      query: {},
      name: 'home/index',
      meta: { title: 'route.home', affix: true, noCache: false },
    });
    const fetchMock = vi.fn((_request: Request, _init?: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            status: 200,
            enMsg: 'OperationSuccess',
            data: { token: 'new-token', expiresAt: '2030-01-01T00:00:00Z' },
          }),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    await switchRole(5);

    const [request] = fetchMock.mock.calls[0]!;
    expect(new URL(request.url).pathname).toBe('/api/role/switch');
    expect(await request.json()).toEqual({ roleId: 5 });
    // The session travels as the HttpOnly cookie: no header carries it, the answer's token is not kept.
    expect(request.headers.get('Authorization')).toBeNull();
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(hasSession()).toBe(true);
    expect(document.cookie).not.toContain('new-token');
    expect(queryClient.getQueryData(sessionKeys.info)).toBeUndefined();
    expect(queryClient.getQueryData(['org', 'users'])).toBeUndefined();
    expect(tagsStore.get().visited).toEqual([]);
  });

  it('keeps the session as it was when the server refuses the switch', async () => {
    Cookies.set(StorageKey.sessionCookie, '1');
    queryClient.setQueryData(sessionKeys.info, { roleId: 2 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ status: 4004, enMsg: 'TheDataDoesNotExist', data: null }), {
            status: 404,
          }),
        ),
      ),
    );
    await expect(switchRole(99)).rejects.toMatchObject({ status: 4004 });
    expect(hasSession()).toBe(true);
    expect(queryClient.getQueryData(sessionKeys.info)).toEqual({ roleId: 2 });
  });
});
