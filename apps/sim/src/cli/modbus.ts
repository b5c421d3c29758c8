// `modbus`: one simulated logger's devices as a Modbus TCP server (SunSpec: 'SunS' at 40000, then the
// models), unit id n = the n-th device. The site runs in real time (or accelerated) while it serves;
// writes (e.g. WMaxLimPct) change it. One line when listening; SIGINT/SIGTERM close it cleanly.
import { DEFAULT_MODELS, siteFromModels } from '../devices/catalogue.js';
import { SiteDevices } from '../devices/site-devices.js';
import { SimClock, untilSignal } from '../logger/runner.js';
import { startModbusServer } from '../modbus/server.js';
import { SiteSimulator } from '../site.js';
import { instantOption, numberOption, parseOptions, UsageError } from './args.js';
import type { Command } from './command.js';

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  devices: { type: 'string' },
  lat: { type: 'string' },
  lon: { type: 'string' },
  tz: { type: 'string' },
  start: { type: 'string' },
  acceleration: { type: 'string' },
  step: { type: 'string' },
  duration: { type: 'string' },
} as const;

export const modbusCommand: Command = {
  name: 'modbus',
  summary: "serve one logger's simulated devices over Modbus TCP (SunSpec)",
  usage: [
    'modbus --port <n> [--host 0.0.0.0] [--seed sunfleet] [--devices <model,model,…>]',
    '    [--lat 48.14] [--lon 11.58] [--tz Europe/Berlin] [--start <ISO 8601 with offset>=now]',
    '    [--acceleration <x>=1] [--step <s>=60] [--duration <s>]',
    `Devices are catalogue models, unit ids 1…n in order (default ${DEFAULT_MODELS.join(',')}).`,
  ].join('\n'),
  async run(args, io) {
    const values = parseOptions(args, OPTIONS);
    const port = numberOption(values, 'port', { min: 1, max: 65_535 });
    if (!Number.isInteger(port)) throw new UsageError('--port must be a whole number');
    const models =
      typeof values.devices === 'string'
        ? values.devices
            .split(',')
            .map((m) => m.trim())
            .filter((m) => m !== '')
        : [...DEFAULT_MODELS];
    const stepS = numberOption(values, 'step', { min: 1, max: 3_600 }, 60);
    const acceleration = numberOption(values, 'acceleration', { above: 0, max: 1e6 }, 1);
    const duration =
      values.duration === undefined ? undefined : numberOption(values, 'duration', { above: 0 });
    const start = values.start === undefined ? Date.now() : instantOption(values, 'start');
    let site: SiteSimulator;
    try {
      site = new SiteSimulator(
        siteFromModels({
          id: 'modbus',
          seed: typeof values.seed === 'string' ? values.seed : 'sunfleet',
          latitude: numberOption(values, 'lat', { min: -90, max: 90 }, 48.14),
          longitude: numberOption(values, 'lon', { min: -180, max: 180 }, 11.58),
          timeZone: typeof values.tz === 'string' ? values.tz : 'Europe/Berlin',
          models,
        }),
      );
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    // An hour of warm-up, so temperatures and counters look like a running plant from the first read.
    const stepMs = stepS * 1_000;
    let ts = Math.floor(start / stepMs) * stepMs - 3_600_000;
    const advance = (to: number): void => {
      while (ts + stepMs <= to) site.step((ts += stepMs), stepS);
    };
    advance(start);
    const devices = new SiteDevices(site);
    const clock = new SimClock({ start, acceleration, capAtRealTime: false });
    const server = await startModbusServer(devices, {
      port,
      ...(typeof values.host === 'string' ? { host: values.host } : {}),
    });
    const timer = setInterval(
      () => {
        advance(clock.now());
        devices.refresh();
      },
      Math.min(Math.max(stepMs / acceleration, 50), 1_000),
    );
    const units = devices.devices.map((d) => `${d.unitId}=${d.model.model} ${d.sn}`).join(', ');
    io.out(`modbus listening on ${server.host}:${server.port} (units ${units})`);
    await untilSignal(duration);
    clearInterval(timer);
    await server.close();
    return 0;
  },
};
