// A logger's download link for one upgrade command (docs/firmware.md "Download links"): 32 random bytes
// (base64url), of which only the SHA-256 is stored; valid until its expiry and while its command is open.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { FirmwareRepository } from './firmware.repository.js';

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/** Stores a new link for `commandId` and answers its URL under PUBLIC_URL. */
export async function issueDownloadLink(
  db: Db,
  link: { firmwareId: string; commandId: string; expiresAt: Date; now: Date; publicUrl: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await new FirmwareRepository(db).insertDownload({
    tokenHash: hashToken(token),
    firmwareId: link.firmwareId,
    commandId: link.commandId,
    expiresAt: link.expiresAt,
    createdAt: link.now,
  });
  return `${link.publicUrl.replace(/\/$/, '')}/api/firmware/download/${token}`;
}
