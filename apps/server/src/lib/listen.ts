import { createServer } from 'node:net';

/** A listening port is taken: the message names the setting to change. */
export class PortInUseError extends Error {
  constructor(
    readonly variable: string,
    readonly port: number,
  ) {
    super(`Port ${port} is already in use: set ${variable} to a free port (or stop the program holding it)`);
    this.name = 'PortInUseError';
  }
}

/**
 * Fails with PortInUseError when a port cannot be bound, before anything is started or written: a port
 * conflict should not leave a half-initialised data directory behind.
 */
export async function assertPortFree(port: number, host: string, variable: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err) => reject(isAddressInUse(err) ? new PortInUseError(variable, port) : err));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}
