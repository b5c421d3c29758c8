import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gateways } from '../../db/schema.js';
import type { LoggerDirectory } from '../../services/broker.js';
import { verifySecret } from './credentials.js';

/** Authenticates loggers against the registry (embedded broker, HTTP auth endpoints for EMQX/go-auth). */
export class GatewayDirectory implements LoggerDirectory {
  constructor(private readonly db: Db) {}

  async authenticate(sn: string, password: Buffer | string): Promise<boolean> {
    const rows = await this.db
      .select({ hash: gateways.secretHash })
      .from(gateways)
      .where(eq(gateways.sn, sn));
    const hash = rows[0]?.hash;
    // Unknown loggers still cost one hash, so timing does not reveal which SNs exist.
    if (hash === undefined) {
      verifySecret(password, UNKNOWN_HASH);
      return false;
    }
    return verifySecret(password, hash);
  }
}

const UNKNOWN_HASH = '$7$101$AAAAAAAAAAAAAAAA$' + Buffer.alloc(64).toString('base64');
