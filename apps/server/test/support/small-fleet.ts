// A fleet of two stations (a home with storage, a ground station with a weather station) whose loggers
// upload every 5 s: what the suites that start the server process with the `sim` service run
// (process.test.ts, sim-fleet-process.test.ts).
import type { FleetFile } from '@sunfleet/contracts';

export const SMALL_FLEET: FleetFile = {
  version: 1,
  seed: 'sim-service-test',
  stations: [
    {
      key: 'test-home',
      name: 'Test home',
      type: 'HOUSEHOLD_PV_STORAGE',
      companyId: 3,
      ownerUsername: 'demo.owner1',
      address: 'Teststraße 1, München',
      latitude: 48.14,
      longitude: 11.58,
      elevation: 520,
      timeZone: 'UTC',
      capacityKwp: 5.4,
      price: 0.3,
      currency: 'EUR',
      loggers: [
        {
          sn: 'SFLG2606800001',
          uploadInterval: 5,
          devices: [
            { sn: 'SFI12606800001', model: 'SF-INV-1P-5K' },
            { sn: 'SFB12606800001', model: 'SF-BAT-10K' },
            { sn: 'SFM12606800001', model: 'SF-MTR-1P' },
          ],
        },
      ],
    },
    {
      key: 'test-farm',
      name: 'Test farm',
      type: 'GROUND_STATION',
      companyId: 4,
      address: 'Field 1, Sevilla',
      latitude: 37.4,
      longitude: -6,
      elevation: 10,
      timeZone: 'UTC',
      capacityKwp: 97.2,
      price: 0.05,
      currency: 'EUR',
      loggers: [
        {
          sn: 'SFLG2606800002',
          uploadInterval: 5,
          devices: [
            { sn: 'SFI3B2606800001', model: 'SF-INV-3P-50K' },
            { sn: 'SFI3B2606800002', model: 'SF-INV-3P-50K' },
            { sn: 'SFW12606800001', model: 'SF-WS-1' },
          ],
        },
      ],
    },
  ],
};
