import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/**
 * A file replaced atomically: written to a private temporary file beside it, flushed, then renamed over,
 * so a reader (a broker reloading on SIGHUP, a backup job copying the file away) never sees half of it.
 * Used by the Mosquitto files and the embedded database's backups.
 */
export class AtomicFile {
  private constructor(
    private readonly path: string,
    private readonly tmp: string,
    private readonly handle: Awaited<ReturnType<typeof open>>,
  ) {}

  static async create(path: string): Promise<AtomicFile> {
    const tmp = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    // 0600 from the start: password files and database copies must never be readable by others.
    const handle = await open(tmp, 'wx', 0o600);
    return new AtomicFile(path, tmp, handle);
  }

  async write(lines: readonly string[]): Promise<void> {
    if (lines.length > 0) await this.handle.write(`${lines.join('\n')}\n`);
  }

  async writeBytes(data: Uint8Array): Promise<void> {
    // writeFile writes all of it from the current position (write() may write part of a large buffer).
    await this.handle.writeFile(data);
  }

  async commit(): Promise<void> {
    await this.handle.sync();
    await this.handle.close();
    await rename(this.tmp, this.path);
  }

  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.tmp, { force: true });
  }
}
