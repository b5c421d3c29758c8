import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { countryRoutes } from './country.routes.js';
import { currencyRoutes } from './currency.routes.js';
import { ReferenceService } from './reference.service.js';
import { regionRoutes } from './region.routes.js';
import { stationDefaultsRoutes } from './station-defaults.routes.js';
import { timeZoneRoutes } from './time-zone.routes.js';
import { translationRoutes } from './translation.routes.js';
import { TranslationEditorService } from './translation-editor.service.js';

/** Reference data (regions, currencies, time zones, countries) and the languages/translation editor. */
export const referenceRoutes: FastifyPluginAsync<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const reference = new ReferenceService(db, clock);
  await app.register(currencyRoutes, { reference });
  await app.register(regionRoutes, { reference });
  await app.register(timeZoneRoutes, { reference });
  await app.register(countryRoutes, { reference });
  await app.register(stationDefaultsRoutes, { reference });
  await app.register(translationRoutes, { editor: new TranslationEditorService(db, clock) });
};
