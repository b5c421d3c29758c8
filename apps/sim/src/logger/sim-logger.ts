// A simulated data logger: the site's devices behind it (SiteSimulator + SiteDevices), its journal, its
// MQTT uplink and its command executor. Time is driven from outside: `advanceTo(ts)` steps the physics
// in `sampleInterval` steps, samples every readable device from its register image, sends alarm records
// as they open and close, and at every multiple of `uploadInterval` journals the telemetry gathered so far
// (one or more messages, each with the next persisted `seq`). The runner (`run` command) calls it from a
// clock; tests and backfills call it directly.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import {
  ProtocolLimits,
  type CommandResult,
  type HelloMessage,
  type Reading,
  type UplinkKind,
} from '@sunfleet/contracts';
import { COMMAND_HANDLERS, CommandExecutor } from '../commands/index.js';
import type { CommandTarget, FirmwareStep, ForwardingConfig } from '../commands/types.js';
import { definitionByCode, LOGGER_MODEL, modelByName } from '../devices/catalogue.js';
import { SiteDevices } from '../devices/site-devices.js';
import { SimDevice, type DeviceValues } from '../devices/sim-device.js';
import type { AlarmRecord } from '../physics/faults.js';
import type { SiteConfig } from '../site-config.js';
import { SiteSimulator } from '../site.js';
import { faultRecording } from './fault-recording.js';
import { Forwarder } from './forwarder.js';
import { ipOf, macOf, SignalModel, type LoggerNetwork } from './identity.js';
import { Journal, type JournalOptions, type JournalStats } from './journal.js';
import { loadLoggerState, parseTrustedKey, saveLoggerState, type LoggerState } from './logger-state.js';
import { chunkAlarms, chunkReadings } from './telemetry.js';
import { Uplink } from './uplink.js';

export type ReadingFormat = 'values' | 'raw' | 'both';

export interface SimLoggerOptions {
  sn: string;
  /** The MQTT password from registration. */
  secret: string;
  brokerUrl: string;
  site: SiteConfig;
  /** Where the journal and state live; one directory per logger. */
  bufferDir: string;
  /** Model name / firmware per device SN (default: the catalogue model that fits, '1.0.0'). */
  deviceModels?: Readonly<Record<string, string>>;
  deviceFirmware?: Readonly<Record<string, string>>;
  model?: string;
  /** Factory firmware (an upgrade replaces it and survives restarts). */
  firmware?: string;
  network?: LoggerNetwork;
  /** Seconds between telemetry uploads (5…3600, default 300). */
  uploadInterval?: number;
  /** Seconds between samples and physics steps (default: the upload interval). */
  sampleInterval?: number;
  /** Decoded `values` (default), `raw` register blocks, or both. */
  readings?: ReadingFormat;
  protocolVersion?: 4 | 5;
  /** Ed25519 public keys trusted for firmware images (PEM, or base64 raw/SPKI). */
  trustedKeys?: readonly string[];
  journal?: Omit<JournalOptions, 'dir'>;
  /** fsync journal and state writes (default true). */
  fsync?: boolean;
  keepaliveS?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  maxInFlight?: number;
  /** How long a reboot keeps the logger offline, ms (default 2000). */
  rebootMs?: number;
  /**
   * Device SNs controlled on site from the start (remote-control switch off): they refuse state-changing
   * commands with `local-control` and say so in hello. `setLocalControl` flips it while running.
   */
  localControl?: readonly string[];
  /**
   * Fault injection: device SN → register keys whose changes the device accepts and silently undoes
   * (SiteDevices.pinRegister).
   */
  pinnedRegisters?: Readonly<Record<string, readonly string[]>>;
  /** Wall clock for command expiry (default Date.now). */
  wallNow?: () => number;
  onError?: (error: Error) => void;
  /**
   * Called with each telemetry message as it is journaled, before it is sent (harnesses compare what
   * was produced with what the cloud stored: bench/chaos).
   */
  onTelemetry?: (message: { seq: number; readings: readonly Reading[] }) => void;
}

export interface SimLoggerStats {
  ready: boolean;
  connects: number;
  inFlight: number;
  seq: number;
  journal: JournalStats;
  forwarded: { sent: number; failed: number };
}

const SEQ_MODULO = 2 ** 32;

export class SimLogger implements CommandTarget {
  readonly sn: string;
  readonly site: SiteSimulator;
  readonly devices: SiteDevices;
  readonly loggerDevice: SimDevice;
  readonly journal: Journal;
  readonly uplink: Uplink;
  readonly executor: CommandExecutor;
  readonly forwarder: Forwarder;
  readonly trustedKeys: readonly KeyObject[];
  private readonly opts: SimLoggerOptions;
  private readonly statePath: string;
  private readonly state: LoggerState;
  private readonly signal: SignalModel;
  private readonly mac: string;
  private readonly sampleS: number;
  private uploadS: number;
  private lastTs = Number.NaN;
  private batch: Reading[] = [];
  private backfilling = false;
  private lastBulkSave = 0;

  constructor(opts: SimLoggerOptions) {
    this.opts = opts;
    this.sn = opts.sn;
    mkdirSync(opts.bufferDir, { recursive: true });
    this.statePath = join(opts.bufferDir, 'state.json');
    this.state = loadLoggerState(this.statePath);
    this.trustedKeys = (opts.trustedKeys ?? []).map(parseTrustedKey);
    this.site = new SiteSimulator(opts.site);
    this.restoreCounters();
    if (this.state.stringAlarms) this.site.restoreStringAlarms(this.state.stringAlarms);
    this.devices = new SiteDevices(this.site, {
      ...(opts.deviceModels ? { models: opts.deviceModels } : {}),
      ...(opts.deviceFirmware ? { firmware: opts.deviceFirmware } : {}),
    });
    if (this.devices.devices.length > ProtocolLimits.maxDevicesPerHello) {
      throw new RangeError(`a logger serves at most ${ProtocolLimits.maxDevicesPerHello} devices`);
    }
    if (this.state.deviceSettings) this.devices.restoreSettings(this.state.deviceSettings);
    for (const sn of opts.localControl ?? []) this.deviceOrThrow(sn).localControl = true;
    for (const [sn, keys] of Object.entries(opts.pinnedRegisters ?? {})) {
      for (const key of keys) this.devices.pinRegister(sn, key);
    }
    this.uploadS = this.checkInterval(this.state.uploadInterval ?? opts.uploadInterval ?? 300);
    this.sampleS = opts.sampleInterval ?? this.uploadS;
    if (!(this.sampleS >= 1)) throw new RangeError('the sample interval is at least 1 s');
    this.mac = macOf(opts.sn);
    this.signal = new SignalModel(opts.site.seed, opts.sn, opts.network ?? 'CELLULAR');
    this.loggerDevice = new SimDevice({
      sn: opts.sn,
      type: 'GATEWAY',
      model: modelByName(opts.model ?? LOGGER_MODEL),
      definition: definitionByCode('sunfleet-logger'),
      unitId: 0,
      firmware: this.firmware,
    });
    this.refreshLoggerRegisters();
    this.journal = Journal.open({
      fsync: opts.fsync ?? true,
      ...opts.journal,
      dir: join(opts.bufferDir, 'journal'),
    });
    this.recoverSeq();
    this.forwarder = new Forwarder(opts.sn);
    this.forwarder.configure(this.state.forwarding ?? null);
    this.executor = new CommandExecutor({
      target: this,
      handlers: COMMAND_HANDLERS,
      storePath: join(opts.bufferDir, 'commands.json'),
      send: (result: CommandResult) => this.enqueue('cmd/res', { ...result }),
      fsync: opts.fsync ?? true,
      ...(opts.wallNow ? { wallNow: opts.wallNow } : {}),
    });
    this.uplink = new Uplink(
      {
        url: opts.brokerUrl,
        sn: opts.sn,
        secret: opts.secret,
        ...(opts.protocolVersion ? { protocolVersion: opts.protocolVersion } : {}),
        ...(opts.keepaliveS ? { keepaliveS: opts.keepaliveS } : {}),
        ...(opts.reconnectMinMs ? { reconnectMinMs: opts.reconnectMinMs } : {}),
        ...(opts.reconnectMaxMs ? { reconnectMaxMs: opts.reconnectMaxMs } : {}),
        ...(opts.maxInFlight ? { maxInFlight: opts.maxInFlight } : {}),
      },
      this.journal,
      {
        hello: () => this.hello(),
        onCommand: (payload) => {
          this.executor.handle(payload).catch((error: unknown) => this.reportError(error));
        },
      },
    );
    this.uplink.on('error', (error) => this.reportError(error));
    // A device's new settings are kept at once, as the logger's own are.
    this.devices.onSettingsChange = () => this.saveState();
  }

  private deviceOrThrow(sn: string): SimDevice {
    const device = this.devices.bySn(sn);
    if (!device) throw new RangeError(`no device ${sn} behind logger ${this.sn}`);
    return device;
  }

  /**
   * The installer's remote-control switch on site: while `on`, the device refuses state-changing
   * commands (register.write, storage.mode, storage.timeSlots, device.factoryReset, acCouple.set) with
   * `local-control`; reads and IV scans still work. A change is announced with a new hello
   * (`localControl: true` on the device). Lasts until changed or the logger is constructed again.
   */
  setLocalControl(deviceSn: string, on: boolean): void {
    const device = this.deviceOrThrow(deviceSn);
    if (device.localControl === on) return;
    device.localControl = on;
    this.uplink.sendHello();
  }

  /**
   * A crash between journaling a telemetry message and writing the index leaves the persisted seq one
   * behind the journal: continue after the newest seq the journal holds, so no seq is used twice.
   */
  private recoverSeq(): void {
    const newest = this.journal.newestPending('telemetry');
    if (!newest) return;
    const seq = (JSON.parse(newest.text) as { seq?: unknown }).seq;
    if (typeof seq !== 'number') return;
    const stored = this.journal.meta.seq ?? 0;
    const next = (seq + 1) % SEQ_MODULO;
    // Only forwards (modulo the wrap at 2^32): a stored seq just after the journal's newest is already right.
    if ((next - stored + SEQ_MODULO) % SEQ_MODULO < SEQ_MODULO / 2) this.journal.meta.seq = next;
  }

  private checkInterval(seconds: number): number {
    const { uploadIntervalMin: min, uploadIntervalMax: max } = ProtocolLimits;
    if (!(Number.isInteger(seconds) && seconds >= min && seconds <= max)) {
      throw new RangeError(`the upload interval is ${min}…${max} s`);
    }
    return seconds;
  }

  private reportError(error: unknown): void {
    this.opts.onError?.(error instanceof Error ? error : new Error(String(error)));
  }

  get seed(): string | number {
    return this.opts.site.seed;
  }

  get firmware(): string {
    return this.state.firmware ?? this.opts.firmware ?? '2.4.1';
  }

  get uploadInterval(): number {
    return this.uploadS;
  }

  /**
   * While true, the telemetry and alarm messages created are flagged `backlog: true`: a backfill (or a
   * catch-up after downtime) uploads history, as a logger emptying its buffer does.
   */
  setBackfilling(on: boolean): void {
    if (this.backfilling === on) return;
    this.backfilling = on;
    // History can be generated again: no fsync per message while it is written (journal bulk mode,
    // state saved at most once a second), a durable save when it ends.
    this.journal.setBulk(on);
    if (!on) this.saveState();
  }

  /** Simulated time of the last step, epoch ms (NaN before the first `advanceTo`). */
  get simulatedTime(): number {
    return this.lastTs;
  }

  /**
   * The simulated time of the last upload a previous run of this logger journaled (its state file), or
   * null for a fresh logger: where a restarted simulator continues.
   */
  get resumeFrom(): number | null {
    return this.state.lastTs ?? null;
  }

  /** Simulated time of the last step, epoch ms (wall-clock time before the first). */
  now(): number {
    return Number.isNaN(this.lastTs) ? (this.opts.wallNow ?? Date.now)() : this.lastTs;
  }

  /** Connects now or after `delayMs` (in the background; reconnects by itself). */
  start(delayMs = 0): void {
    this.uplink.start(delayMs);
  }

  async stop(): Promise<void> {
    await this.uplink.stop();
    await this.forwarder.close();
    this.saveState();
    this.journal.close();
  }

  stats(): SimLoggerStats {
    return {
      ready: this.uplink.ready,
      connects: this.uplink.connectCount,
      inFlight: this.uplink.inFlightCount,
      seq: this.journal.meta.seq ?? 0,
      journal: this.journal.stats(),
      forwarded: { ...this.forwarder.stats },
    };
  }

  hello(): HelloMessage {
    return {
      v: 1,
      model: this.loggerDevice.model.model,
      firmware: this.firmware,
      mac: this.mac,
      signal: this.signal.current(),
      uploadInterval: this.uploadS,
      devices: this.devices.devices.map((d) => d.hello()),
    };
  }

  // ---- Time ------------------------------------------------------------------------------------------

  /**
   * Runs the site up to simulated time `ts` (epoch ms): one physics step and sample per `sampleInterval`
   * (on multiples of it), telemetry at every multiple of the upload interval. The first call only sets
   * the starting point.
   */
  advanceTo(ts: number): void {
    const stepMs = this.sampleS * 1_000;
    if (Number.isNaN(this.lastTs)) {
      this.lastTs = Math.floor(ts / stepMs) * stepMs;
      return;
    }
    while (this.lastTs + stepMs <= ts) {
      const at = this.lastTs + stepMs;
      const previous = this.lastTs;
      this.lastTs = at;
      const step = this.site.step(at, this.sampleS);
      this.devices.refresh();
      this.signal.step(this.sampleS);
      this.refreshLoggerRegisters();
      this.sample(at);
      if (step.alarms.length > 0) {
        this.sendAlarms(step.alarms);
        this.sendFaultRecordings(step.alarms);
      }
      const uploadMs = this.uploadS * 1_000;
      if (Math.floor(at / uploadMs) > Math.floor(previous / uploadMs)) this.upload(at);
    }
  }

  private sample(ts: number): void {
    const format = this.opts.readings ?? 'values';
    for (const device of this.devices.devices) {
      if (!device.readable) continue;
      const reading: Reading = { dev: device.sn, ts };
      if (format !== 'raw') reading.values = device.values();
      if (format !== 'values') reading.raw = device.image.hexBlocks(ProtocolLimits.maxRegistersPerBlock);
      this.batch.push(reading);
    }
    // The logger's own reading; BufDropped counts the messages its buffer ever had to drop.
    this.batch.push({
      dev: this.sn,
      ts,
      values: { ...this.loggerDevice.values(), BufDropped: this.journal.stats().droppedMessages },
    });
  }

  private sendAlarms(alarms: readonly AlarmRecord[]): void {
    for (const chunk of chunkAlarms(alarms.map((a) => ({ ...a })))) {
      this.enqueue('alarm', { v: 1, backlog: this.backfilling, alarms: chunk });
    }
  }

  /** An inverter whose fault opened sends its recording of the trip (docs/protocol.md §5.4). */
  private sendFaultRecordings(alarms: readonly AlarmRecord[]): void {
    for (const alarm of alarms) {
      const device = this.devices.bySn(alarm.dev);
      const recording = device === undefined ? null : faultRecording(device, alarm, this.seed);
      if (recording !== null) this.enqueue('recording', { ...recording });
    }
  }

  /** Journals the readings gathered since the last upload as telemetry messages. */
  private upload(ts: number): void {
    const readings = this.batch;
    this.batch = [];
    for (const chunk of chunkReadings(readings)) {
      const seq = this.journal.meta.seq ?? 0;
      this.journal.meta.seq = (seq + 1) % SEQ_MODULO;
      const payload = { v: 1, seq, backlog: this.backfilling, readings: chunk };
      const entry = this.journal.append('telemetry', payload, chunk.length);
      this.opts.onTelemetry?.(payload);
      this.forwarder.forward(ts, entry.text);
    }
    this.uplink.kick();
    this.state.lastTs = ts;
    const wall = Date.now();
    if (!this.backfilling || wall - this.lastBulkSave >= 1_000) {
      this.lastBulkSave = wall;
      this.saveState();
    }
  }

  private enqueue(kind: UplinkKind, payload: Record<string, unknown>): void {
    this.journal.append(kind, payload);
    this.uplink.kick();
  }

  // ---- Settings and persistence ------------------------------------------------------------------------

  private refreshLoggerRegisters(): void {
    const [major = '0', minor = '0'] = this.firmware.split('.');
    const version = `${Math.min(Number(major) || 0, 255)}.${Math.min(Number(minor) || 0, 255)}`;
    this.loggerDevice.update({
      Signal: this.signal.current(),
      UploadIntvl: this.uploadS,
      IP: ipOf(this.sn),
      FwVr: version,
    });
  }

  private counters(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const unit of this.site.units) out[unit.config.sn] = { WH: unit.inverter.energyLifetimeWh };
    const battery = this.site.battery;
    const batterySn = this.site.config.battery?.sn;
    if (battery && batterySn) {
      out[batterySn] = { ChaWH: battery.chargeTotalWh, DisChaWH: battery.dischargeTotalWh };
    }
    const meter = this.site.meter;
    const meterSn = this.site.config.meter?.sn;
    if (meter && meterSn) out[meterSn] = { TotWhImp: meter.importWh, TotWhExp: meter.exportWh };
    return out;
  }

  /** Continues the counters a previous run of this logger reached (they never run backwards). */
  private restoreCounters(): void {
    const saved = this.state.counters;
    if (!saved) return;
    for (const unit of this.site.units) {
      const wh = saved[unit.config.sn]?.WH;
      if (wh !== undefined) unit.inverter.energyLifetimeWh = Math.max(unit.inverter.energyLifetimeWh, wh);
    }
    const battery = this.site.battery;
    const b = saved[this.site.config.battery?.sn ?? ''];
    if (battery && b) {
      battery.chargeTotalWh = Math.max(battery.chargeTotalWh, b.ChaWH ?? 0);
      battery.dischargeTotalWh = Math.max(battery.dischargeTotalWh, b.DisChaWH ?? 0);
    }
    const meter = this.site.meter;
    const m = saved[this.site.config.meter?.sn ?? ''];
    if (meter && m) {
      meter.importWh = Math.max(meter.importWh, m.TotWhImp ?? 0);
      meter.exportWh = Math.max(meter.exportWh, m.TotWhExp ?? 0);
    }
  }

  private saveState(): void {
    this.state.counters = this.counters();
    this.state.stringAlarms = this.site.openStringAlarms();
    this.state.deviceSettings = this.devices.settings();
    saveLoggerState(this.statePath, this.state, (this.opts.fsync ?? true) && !this.backfilling);
  }

  private setUploadInterval(seconds: number): void {
    this.uploadS = this.checkInterval(seconds);
    this.state.uploadInterval = seconds;
    this.refreshLoggerRegisters();
    this.saveState();
    this.uplink.sendHello();
  }

  // ---- CommandTarget ------------------------------------------------------------------------------------

  writeLoggerRegisters(address: number, words: readonly number[]): DeviceValues {
    const changes = this.loggerDevice.planWrite(address, words);
    if (typeof changes.UploadIntvl === 'number') this.setUploadInterval(changes.UploadIntvl);
    this.loggerDevice.commitWrite(address, words, changes);
    return changes;
  }

  firmwareProgress(commandId: string, step: FirmwareStep): void {
    this.enqueue('firmware', { v: 1, id: commandId, ...step });
  }

  async rebootWithFirmware(version: string): Promise<void> {
    // Flush what is queued (the progress so far) before going down, as a real logger does; not forever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.uplink.whenDrained(),
      new Promise((resolve) => (timer = setTimeout(resolve, 5_000))),
    ]);
    clearTimeout(timer);
    this.state.firmware = version;
    this.saveState();
    this.refreshLoggerRegisters();
    await this.uplink.restart(this.opts.rebootMs ?? 2_000);
  }

  setDeviceFirmware(device: SimDevice, version: string): void {
    device.setFirmware(version);
    this.uplink.sendHello();
  }

  setForwarding(config: ForwardingConfig | null): void {
    this.forwarder.configure(config);
    this.state.forwarding = config;
    this.saveState();
  }

  factoryResetLogger(): void {
    this.setForwarding(null);
    this.setUploadInterval(this.opts.uploadInterval ?? 300);
  }
}
