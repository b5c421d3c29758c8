import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../lib/paths';
import { decideNavigation } from './decide';

const input = (path: string, search = '', hasToken = false, sessionReady = false) => ({
  path,
  search,
  fullPath: `${path}${search}`,
  hasToken,
  sessionReady,
});

describe('decideNavigation (SPEC §4)', () => {
  it('sends an anonymous user on a private route to login with the path as redirect', () => {
    expect(decideNavigation(input('/stationSystem', '?page=2'))).toEqual({
      kind: 'redirect',
      to: '/login/index?redirect=%2FstationSystem%3Fpage%3D2',
    });
    expect(decideNavigation(input('/'))).toEqual({ kind: 'redirect', to: '/login/index?redirect=%2F' });
  });

  it('lets an anonymous user open public routes', () => {
    for (const path of [
      '/login/index',
      '/login/find-password',
      '/register',
      '/proUse/Privacy',
      '/station/share',
    ]) {
      expect(decideNavigation(input(path))).toEqual({ kind: 'allow' });
    }
  });

  it('sends a logged-in user from /login/index to / or to the redirect it carries', () => {
    expect(decideNavigation(input('/login/index', '', true, true))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation(input('/login/index', '?redirect=%2FdeviceAll', true, false))).toEqual({
      kind: 'redirect',
      to: '/deviceAll',
    });
  });

  it('loads the session once before a logged-in navigation, then allows it', () => {
    expect(decideNavigation(input('/deviceAll', '', true, false))).toEqual({ kind: 'loadSession' });
    expect(decideNavigation(input('/deviceAll', '', true, true))).toEqual({ kind: 'allow' });
  });

  it('allows paths ending in /share for a logged-in user without loading info', () => {
    expect(decideNavigation(input('/station/share', '?id=1', true, false))).toEqual({ kind: 'allow' });
  });
});

describe('safeRedirect', () => {
  it('keeps in-console paths and refuses anything that leaves the console or loops to login', () => {
    expect(safeRedirect('/stationSystem?x=1')).toBe('/stationSystem?x=1');
    for (const bad of [
      'https://evil.example',
      '//evil.example/x',
      'javascript:alert(1)',
      '/\\evil',
      '/login/index',
      '',
      null,
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
