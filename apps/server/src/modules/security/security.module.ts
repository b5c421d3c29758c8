import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { createMailer } from '../../services/mailer.js';
import type { AuthService } from '../auth/auth.service.js';
import { CodesService } from './codes.service.js';
import { findRoutes } from './find.routes.js';
import { MailTexts } from './mail-texts.js';
import { profileRoutes } from './profile.routes.js';
import { ProfileService } from './profile.service.js';
import { RecoveryService } from './recovery.service.js';
import { RegistrationService } from './registration.service.js';

export interface SecurityModuleOptions {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>;
  auth: AuthService;
  log: FastifyBaseLogger;
}

/**
 * Account security (Step 2a item 5): wires the mailer, codes and services and registers the profile and
 * /find/* routes. Mail still in flight is awaited when the app closes.
 */
export const securityModule: FastifyPluginAsync<SecurityModuleOptions> = async (app, opts) => {
  const mailer = createMailer({
    smtpUrl: opts.config.smtpUrl,
    from: opts.config.mailFrom,
    db: opts.db,
    log: opts.log,
  });
  app.addHook('onClose', () => mailer.drain());
  const texts = new MailTexts(opts.db);
  const codes = new CodesService(opts.db, opts.clock, mailer, texts);
  await app.register(profileRoutes, { profile: new ProfileService(opts.db, opts.clock, codes) });
  await app.register(findRoutes, {
    auth: opts.auth,
    recovery: new RecoveryService(opts.db, opts.clock, codes, mailer, texts),
    registration: new RegistrationService(opts.db, codes),
  });
};
