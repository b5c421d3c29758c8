// Fault recordings (docs/recording.md): a manual one is checked whole before anything is stored or sent
// (the schema's ranges, then the rules of recordingConfigProblems, then the device: in reach, else 4004, and
// an inverter, else 4000), stored with its recording.start command in one transaction and waited for;
// automatic ones arrive from the ingest. A view reads a manual recording's waveforms from its command's
// result each time, so an answer that arrives after the wait shows up on the next read.
import {
  OPEN_COMMAND_STATES,
  pageWindow,
  type RecordingChannel,
  recordingConfigProblems,
  RecordingDataTypes,
  RecordingLimits,
  RecordingMessage,
  type RecordingPageQuery,
  type RecordingStartBody,
  type RecordingState,
  type RecordingView,
} from '@sunfleet/contracts';
import { randomUUID } from 'node:crypto';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { sendBatch } from '../commands/batch.js';
import { CommandWaiter, type BatchCaller } from '../commands/command-waiter.js';
import { IvRepository } from '../iv/iv.repository.js';
import type { Scope } from '../tenancy/scope.js';
import { RecordingRepository, type RecordingRow } from './recording.repository.js';

const OPEN = OPEN_COMMAND_STATES;

const isNumberArray = (x: unknown): x is number[] =>
  Array.isArray(x) && x.every((n) => typeof n === 'number' && Number.isFinite(n));
const finite = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** The result's channels that have the protocol's shape (anything else a device sent is left out). */
export function channelsOf(result: Record<string, unknown> | null): RecordingChannel[] {
  const channels = result?.channels;
  if (!Array.isArray(channels)) return [];
  return channels.flatMap((c: unknown) => {
    if (typeof c !== 'object' || c === null) return [];
    const r = c as Record<string, unknown>;
    if (!Number.isInteger(r.channel) || !Number.isInteger(r.address)) return [];
    if (!RecordingDataTypes.includes(r.dataType as RecordingChannel['dataType'])) return [];
    if (!isNumberArray(r.samples)) return [];
    return [
      {
        channel: r.channel as number,
        address: r.address as number,
        dataType: r.dataType as RecordingChannel['dataType'],
        samples: r.samples,
      },
    ];
  });
}

/** RECORDING while the command is open, DONE once answered, FAILED when it failed or expired. */
export function recordingState(row: Pick<RecordingRow, 'mode' | 'commandState'>): RecordingState {
  if (row.mode === 'AUTOMATIC') return 'DONE';
  if (row.commandState === null) return 'FAILED';
  if (OPEN.includes(row.commandState)) return 'RECORDING';
  return row.commandState === 'DONE' ? 'DONE' : 'FAILED';
}

export class RecordingService {
  private readonly waiter: CommandWaiter;

  constructor(private readonly deps: { db: Db; clock: Clock; changes: ChangeFeed; answerWaitMs: number }) {
    this.waiter = new CommandWaiter({ db: deps.db, feed: deps.changes });
  }

  async start(caller: BatchCaller, body: RecordingStartBody): Promise<RecordingView> {
    const problems = recordingConfigProblems(body);
    if (problems.length > 0)
      throw Errors.invalid(
        problems[0]?.rule,
        problems.map((p) => ({ field: `body.${p.field}`, rule: p.rule, message: p.message })),
      );
    const [device] = await new IvRepository(this.deps.db).devices(caller.scope, [body.deviceId]);
    if (device === undefined) throw Errors.notFound();
    if (device.deviceType !== 'INVERTER')
      throw Errors.invalid(RecordingMessage.notInverter, [
        {
          field: 'body.deviceId',
          rule: RecordingMessage.notInverter,
          message: `${device.sn} is a ${device.deviceType}`,
        },
      ]);
    const channels = body.channels.map((c) => ({
      channel: c.channel,
      address: c.address,
      dataType: c.dataType,
    }));
    const params: Record<string, unknown> = {
      source: body.source,
      trigger: body.trigger,
      ...(body.triggerLevel === undefined ? {} : { triggerLevel: body.triggerLevel }),
      channels,
      samplingPeriodMs: body.samplingPeriodMs,
      triggerAddress: body.triggerAddress,
      delayMs: body.delayMs,
      zoom: body.zoom,
      samples: body.samples,
    };
    let id = 0;
    await sendBatch(
      { ...this.deps, waiter: this.waiter },
      caller,
      {
        batchId: randomUUID(),
        kind: 'recording',
        name: 'recording.start',
        params,
        ttlSeconds: RecordingLimits.commandTtlSeconds,
        devices: [device],
      },
      async (tx, [commandId]) => {
        id = await new RecordingRepository(tx).insert({
          deviceId: device.id,
          mode: 'MANUAL',
          source: body.source,
          trigger: body.trigger,
          triggerLevel: body.triggerLevel ?? null,
          commandId: commandId ?? null,
          samplingPeriodMs: body.samplingPeriodMs,
          triggerAddress: body.triggerAddress,
          delayMs: body.delayMs,
          zoom: body.zoom,
          samples: body.samples,
          channelConfig: channels,
          createdByUserId: caller.userId,
          createdAt: this.deps.clock.now(),
        });
      },
    );
    return this.detail(caller.scope, id);
  }

  async page(scope: Scope, query: RecordingPageQuery): Promise<{ total: number; list: RecordingView[] }> {
    const { total, list } = await new RecordingRepository(this.deps.db).page(
      scope,
      { stationId: query.stationId, deviceId: query.deviceId, mode: query.mode },
      pageWindow(query),
    );
    return { total, list: list.map((row) => viewOf(row)) };
  }

  /** One recording with its waveforms (4004 when missing or foreign). */
  async detail(scope: Scope, id: number): Promise<RecordingView> {
    const row = await new RecordingRepository(this.deps.db).one(scope, id, true);
    if (row === null) throw Errors.notFound();
    return viewOf(row);
  }
}

/** The view of a row: an automatic recording's stored waveforms, a manual one's from its command's result. */
function viewOf(row: RecordingRow): RecordingView {
  const state = recordingState(row);
  const result = row.mode === 'MANUAL' && state === 'DONE' ? row.commandResult : null;
  const channels = row.mode === 'AUTOMATIC' ? (row.channels ?? []) : channelsOf(result);
  const startedAt = row.startedAt?.getTime() ?? finite(result?.startedAt);
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceSn: row.deviceSn,
    stationId: row.stationId,
    mode: row.mode,
    source: row.source,
    trigger: row.trigger,
    triggerLevel: row.triggerLevel,
    faultCode: row.faultCode,
    state,
    commandId: row.commandId,
    commandState: row.commandState,
    error: state === 'FAILED' ? (row.commandError ?? row.commandState?.toLowerCase() ?? null) : null,
    samplingPeriodMs: row.samplingPeriodMs,
    triggerAddress: row.triggerAddress,
    delayMs: row.delayMs,
    zoom: row.zoom,
    samples: row.samples,
    triggerValue: row.triggerValue ?? finite(result?.triggerValue),
    startedAt: startedAt === null ? null : Math.round(startedAt),
    createdAt: row.createdAt.getTime(),
    createdBy: row.createdBy,
    channels,
    channelCount: row.channelConfig.length,
  };
}
