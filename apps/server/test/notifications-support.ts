// Fixtures of the notification tests: a station with a logger and an inverter, alarms and their events
// inserted as the alarm engine writes them (alarm row and alarm_events row in one transaction), and
// notification workers over the test app's database, clock and a mailer of its own.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { Db } from '../src/db/client.js';
import { alarmEvents, alarms, notificationDeliveries } from '../src/db/schema.js';
import { NotificationWorker } from '../src/modules/notifications/notification.worker.js';
import { createMailer, type Mailer } from '../src/services/mailer.js';
import type { TestApp } from './helpers.js';
import { addDevice } from './rollups-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';

export interface NotifyFleet {
  stationId: number;
  gatewayId: number;
  inverterId: number;
  inverterSn: string;
}

let counter = 0;

export async function notifyFleet(
  db: Db,
  values: { companyId: number; timeZone: string; name?: string },
): Promise<NotifyFleet> {
  const station = await createTestStation(db, {
    companyId: values.companyId,
    timeZone: values.timeZone,
    ...(values.name === undefined ? {} : { name: values.name }),
  });
  const logger = await registerTestLogger(db, { stationId: station.id, companyId: values.companyId });
  const inverterSn = `NT-INV-${process.pid}-${++counter}`;
  const inverterId = await addDevice(db, logger.id, 'INVERTER', inverterSn);
  return { stationId: station.id, gatewayId: logger.id, inverterId, inverterSn };
}

type EventKind = (typeof alarmEvents.$inferSelect)['kind'];

/** Raises an alarm as the engine does: the alarm and its RAISED event in one transaction. */
export async function raise(
  db: Db,
  fleet: NotifyFleet,
  values: {
    code: number;
    message: string;
    level?: 'URGENT' | 'IMPORTANT' | 'COMMONLY' | 'PROMPT';
    at: Date;
    inMaintenance?: boolean;
  },
): Promise<{ alarmId: number; eventId: number }> {
  return db.transaction(async (tx) => {
    const [alarm] = await tx
      .insert(alarms)
      .values({
        gatewayId: fleet.gatewayId,
        deviceId: fleet.inverterId,
        recordId: `NT${++counter}`,
        kind: 'ALARM',
        code: values.code,
        level: values.level ?? 'URGENT',
        message: values.message,
        startedAt: values.at,
      })
      .returning({ id: alarms.id });
    if (!alarm) throw new Error('alarm not stored');
    const eventId = await event(tx, alarm.id, 'RAISED', values.at, values.inMaintenance ?? false);
    return { alarmId: alarm.id, eventId };
  });
}

/** Clears an alarm as the engine does: ended_at and the CLEARED event in one transaction. */
export async function clear(db: Db, alarmId: number, at: Date, inMaintenance = false): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.update(alarms).set({ endedAt: at }).where(eq(alarms.id, alarmId));
    return event(tx, alarmId, 'CLEARED', at, inMaintenance);
  });
}

export async function event(
  db: Db,
  alarmId: number,
  kind: EventKind,
  at: Date,
  inMaintenance = false,
): Promise<number> {
  const [row] = await db
    .insert(alarmEvents)
    .values({ alarmId, kind, at, inMaintenance })
    .returning({ id: alarmEvents.id });
  if (!row) throw new Error('event not stored');
  return row.id;
}

export interface TestWorker {
  worker: NotificationWorker;
  mailer: Mailer;
  close: () => Promise<void>;
}

/** A notification worker as a `jobs` process runs it (its rounds driven by the test). */
export function notificationWorker(t: TestApp): TestWorker {
  const log = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: t.config.smtpUrl, from: t.config.mailFrom, db: t.database.db, log });
  const worker = new NotificationWorker({
    database: t.database,
    clock: t.clock,
    log,
    mailer,
    settings: t.config.notify,
    publicUrl: t.config.publicUrl,
  });
  return { worker, mailer, close: () => mailer.drain() };
}

export async function deliveriesOf(db: Db, where: { webhookId?: number; subscriptionId?: number }) {
  const rows = await db.select().from(notificationDeliveries).orderBy(notificationDeliveries.id);
  return rows.filter(
    (r) =>
      (where.webhookId === undefined || r.webhookId === where.webhookId) &&
      (where.subscriptionId === undefined || r.subscriptionId === where.subscriptionId),
  );
}
