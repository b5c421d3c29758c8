import { Perm, StationDefaults, StationDefaultsQuery } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { ReferenceService } from './reference.service.js';

/** The station form's proposals for a picked position, from the reference data (docs/web.md). */
export const stationDefaultsRoutes: FastifyPluginAsyncTypebox<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/station/defaults',
    {
      config: { perm: [Perm.stationCreate, Perm.stationUpdate] },
      schema: {
        tags: ['stations'],
        summary: 'Time zone, currency and price a new station at this position is proposed',
        description:
          'The IANA zone at the position (an offline lookup of timezone-boundary-builder polygons); the ' +
          'country of that zone (CLDR); the reference region named as that country gives currency and price ' +
          "per kWh, else the country's own currency is proposed (when it is among the currencies) and no price.",
        querystring: StationDefaultsQuery,
        response: responses(StationDefaults),
      },
    },
    async (request) => ok(await reference.stationDefaults(request.query)),
  );
};
