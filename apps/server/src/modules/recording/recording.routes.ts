// Fault recordings (docs/recording.md): POST /recording/start sends recording.start to one inverter and
// answers the recording; the list (manual and automatic), one recording with its waveforms, and its CSV.
import {
  ErrorEnvelope,
  Page,
  Perm,
  RecordingIdParams,
  RecordingPageQuery,
  RecordingStartBody,
  RecordingView,
  RemoteLimits,
  recordingCsv,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { RecordingService } from './recording.service.js';

const tags = ['recording'];

export const recordingRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  /** How long a recording waits for the inverter's answer (default RemoteLimits.answerWaitMsDefault). */
  answerWaitMs?: number;
}> = async (app, { db, clock, changes, answerWaitMs }) => {
  const service = new RecordingService({
    db,
    clock,
    changes,
    answerWaitMs: answerWaitMs ?? RemoteLimits.answerWaitMsDefault,
  });

  app.post(
    '/recording/start',
    {
      config: { perm: [Perm.recordingStart], audit: { action: 'recording.start', target: 'recording' } },
      schema: {
        tags,
        summary: 'Start a fault recording on an inverter (SPEC §3, §4)',
        description:
          'Everything is checked before anything is stored or sent: each field against its range, then ' +
          'the rules of the configuration (4000 with recording.channelRepeated, recording.addressOutOfRange, ' +
          'recording.tooManySamples, recording.triggerLevelRequired or recording.triggerLevelUnexpected, ' +
          'naming each field), then the device: in your reach (else 4004) and an inverter (else 4000 ' +
          'recording.notInverter). Sends recording.start and answers the recording, waiting at most the ' +
          'remote answer wait (30 s by default): state RECORDING while the inverter has not answered, DONE ' +
          "with the waveforms, FAILED with the device's error.",
        body: RecordingStartBody,
        response: responses(RecordingView),
      },
    },
    async (request) => {
      request.auditDetail = { deviceId: request.body.deviceId, channels: request.body.channels.length };
      const recording = await service.start(
        { scope: await app.scopeOf(request), userId: sessionOf(request).userId, signal: request.signal },
        request.body,
      );
      request.auditDetail = {
        targetId: String(recording.id),
        deviceId: recording.deviceId,
        channels: recording.channelCount,
        state: recording.state,
      };
      return ok(recording);
    },
  );

  app.get(
    '/recording/page',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'Fault recordings of devices in your reach, newest first (waveforms omitted)',
        description: 'Manual and automatic ones; stationId, deviceId and mode narrow the list.',
        querystring: RecordingPageQuery,
        response: responses(Page(RecordingView)),
      },
    },
    async (request) => ok(await service.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/recording/:id',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'One fault recording with every channel and its samples',
        description:
          "A manual recording's waveforms are read from its command each time: an answer that arrived " +
          'after the start call answered shows up here. A recording of a device outside your reach ' +
          'answers 4004 like a missing one.',
        params: RecordingIdParams,
        response: responses(RecordingView),
      },
    },
    async (request) => ok(await service.detail(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/recording/:id/export',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'One fault recording as CSV',
        description:
          'Header time_ms,ch<channel>_<address>_<type>…; one line per sample: the time in ms from the ' +
          'first sample, then each channel value exactly as the device sent it. Empty (header only) ' +
          'while the recording has no waveforms.',
        params: RecordingIdParams,
        response: {
          200: {
            description: 'CSV (RFC 4180), sent as an attachment',
            content: { 'text/csv': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const recording = await service.detail(await app.scopeOf(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="recording-${recording.deviceSn}-${recording.id}.csv"`,
        )
        .send(Buffer.from(recordingCsv(recording), 'utf8'));
    },
  );
};
