import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { SharedServerInfo, TestServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the e2e files share (global-setup.ts). */
    e2eServer: SharedServerInfo;
  }
}

/**
 * The server every e2e file shares, booted once per run by the project's globalSetup (global-setup.ts).
 * Its state is shared too: a file gives what it creates names of its own (a stamp), counts only what it
 * made or compares with the API at the same moment, and changes no setting of an account another file
 * uses without putting it back (docs/testing.md).
 */
export function sharedServer(): TestServer {
  const info = inject('e2eServer');
  return { ...info, output: () => readFileSync(info.logFile, 'utf8') };
}
