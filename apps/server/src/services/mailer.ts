import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

/** One outgoing message. `redactedText` is what the outbox keeps once the real text left by SMTP. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  redactedText: string;
  /** 'sms' for a mobile number: there is no SMS gateway, so those stay in the outbox and the log. */
  channel: 'email' | 'sms';
}

export interface Mailer {
  /**
   * Records the message in the outbox and hands it to SMTP in the background: the caller's answer does
   * not wait for (or reveal) delivery. Without SMTP_URL, or for SMS, it stays undelivered in the outbox.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends now and settles only when SMTP accepted the message (or refused it: then it throws). For the
   * notification worker, which marks its outbox row after this answers. Without SMTP_URL the message stays
   * in mail_outbox as undelivered and 'kept' is answered. `messageId` is fixed per notification so a
   * message sent twice (a crash between acceptance and the mark) carries the same Message-ID.
   */
  deliverNow(message: OutgoingMail): Promise<'sent' | 'kept'>;
  /** Waits for deliveries still in flight (called when the app closes). */
  drain(): Promise<void>;
}

/** A mail of the notification worker: a fixed Message-ID and extra headers (List-Unsubscribe). */
export interface OutgoingMail extends Omit<MailMessage, 'channel'> {
  messageId: string;
  headers?: Record<string, string>;
  /** Files sent along (a mailed statistics view's XLSX); the outbox keeps only the text. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** The longest a deliverNow() waits for SMTP before it counts as failed (the worker's lease is longer). */
export const SMTP_SEND_TIMEOUT_MS = 60_000;

export const UNDELIVERED = 'undelivered';
export const SMS_UNDELIVERED = 'sms-undelivered';

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}

export function createMailer(opts: MailerOptions): Mailer {
  const { db, log } = opts;
  const smtpUrl = opts.smtpUrl;
  // nodemailer is loaded only when SMTP is configured.
  const transport: Promise<Transporter> | null =
    smtpUrl === null ? null : import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
  const pending = new Set<Promise<void>>();

  const record = async (message: MailMessage, body: string, error: string | null): Promise<number> => {
    const [row] = await db
      .insert(mailOutbox)
      .values({ to: message.to, subject: message.subject, body, error })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    return row.id;
  };

  const deliver = async (id: number, message: MailMessage, smtp: Promise<Transporter>): Promise<void> => {
    try {
      await (
        await smtp
      ).sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text });
      await db.update(mailOutbox).set({ deliveredAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      log.error({ err, outboxId: id }, 'mail could not be delivered');
      await db
        .update(mailOutbox)
        .set({ error: reason.slice(0, 500) })
        .where(eq(mailOutbox.id, id))
        .catch((e: unknown) => log.error({ err: e }, 'mail_outbox update failed'));
    }
  };

  return {
    async deliverNow(message) {
      if (transport === null) {
        const id = await record({ ...message, channel: 'email' }, message.text, UNDELIVERED);
        log.warn(
          { outboxId: id, to: message.to, subject: message.subject },
          `${UNDELIVERED}: notification kept in mail_outbox (SMTP_URL is not set)`,
        );
        return 'kept';
      }
      const id = await record({ ...message, channel: 'email' }, message.redactedText, null);
      let timer: NodeJS.Timeout | undefined;
      try {
        const smtp = await transport;
        await Promise.race([
          smtp.sendMail({
            from: opts.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            messageId: message.messageId,
            ...(message.headers === undefined ? {} : { headers: message.headers }),
            ...(message.attachments === undefined ? {} : { attachments: message.attachments }),
          }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('SMTP did not answer in time')), SMTP_SEND_TIMEOUT_MS);
            timer.unref();
          }),
        ]);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await db
          .update(mailOutbox)
          .set({ error: reason.slice(0, 500) })
          .where(eq(mailOutbox.id, id))
          .catch((e: unknown) => log.error({ err: e }, 'mail_outbox update failed'));
        throw err;
      } finally {
        clearTimeout(timer);
      }
      // Accepted: from here nothing may throw, or the worker would send it again.
      await db
        .update(mailOutbox)
        .set({ deliveredAt: new Date() })
        .where(eq(mailOutbox.id, id))
        .catch((e: unknown) => log.error({ err: e }, 'mail_outbox update failed'));
      return 'sent';
    },
    async send(message) {
      if (message.channel === 'sms' || transport === null) {
        // Labelled so an operator can find it: the code is readable here and nowhere else.
        const label = message.channel === 'sms' ? SMS_UNDELIVERED : UNDELIVERED;
        const id = await record(message, message.text, label);
        log.warn(
          { outboxId: id, label, to: message.to, subject: message.subject, body: message.text },
          `${label}: message kept in mail_outbox (${message.channel === 'sms' ? 'no SMS gateway' : 'SMTP_URL is not set'})`,
        );
        return;
      }
      const id = await record(message, message.redactedText, null);
      const job = deliver(id, message, transport).finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      await Promise.allSettled([...pending]);
      if (transport !== null) (await transport).close();
    },
  };
}
