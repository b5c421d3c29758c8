import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerEntry } from '@sunfleet/contracts';
import { StorageKey } from '../../lib/storage';
import { chooseServer, resolveCurrentServer, serverForHost } from './servers';

const servers: ServerEntry[] = [
  { key: 'ChineseServer', title: 'server.ChineseServer', value: 'https://cn.sunfleet.example/#/login/index' },
  {
    key: 'NorthAmericanServer',
    title: 'server.NorthAmericanServer',
    value: 'https://na.sunfleet.example/#/login/index',
  },
  {
    key: 'EuropeanServer',
    title: 'server.EuropeanServer',
    value: 'https://eu.sunfleet.example:8443/#/login/index',
  },
];

beforeEach(() => localStorage.clear());

describe('server selector (SPEC §4)', () => {
  it('derives the server from the host and counts unknown hosts as the Chinese server', () => {
    expect(serverForHost('na.sunfleet.example', servers)).toBe('NorthAmericanServer');
    expect(serverForHost('eu.sunfleet.example:8443', servers)).toBe('EuropeanServer');
    expect(serverForHost('intranet.local', servers)).toBe('ChineseServer');
  });

  it('records the current server in localStorage under station', () => {
    expect(resolveCurrentServer(servers, 'na.sunfleet.example')).toBe('NorthAmericanServer');
    expect(localStorage.getItem(StorageKey.server)).toBe('NorthAmericanServer');
  });

  it('stores another server and navigates to its login page; the current one does nothing', () => {
    const visited: string[] = [];
    expect(chooseServer(servers[2]!, 'ChineseServer', (url) => visited.push(url))).toBe(true);
    expect(localStorage.getItem(StorageKey.server)).toBe('EuropeanServer');
    expect(visited).toEqual(['https://eu.sunfleet.example:8443/#/login/index']);
    expect(chooseServer(servers[0]!, 'ChineseServer', (url) => visited.push(url))).toBe(false);
    expect(visited).toHaveLength(1);
  });
});
