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

export function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}
