// Comments and feedback (docs/feedback.md). Who reaches a feedback: its sender, and staff holding
// feedback:answer whose scope includes the sender's company (their own feedback stays theirs to follow up,
// not to answer). Anyone else gets 4004, as for a missing id. A staff answer and the mail to the sender are
// stored in one transaction: the mail waits in the notification outbox, which the notification worker
// sends with its retries, so SMTP being down loses neither.
import {
  feedbackDeletable,
  FeedbackLimits,
  FeedbackMessage,
  nextFeedbackState,
  hasAnyPermission,
  pageWindow,
  Perm,
  type FeedbackCreateFields,
  type FeedbackDetail,
  type FeedbackPageQuery,
  type FeedbackState,
  type FeedbackView,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { SessionContext } from '../auth/auth.service.js';
import type { CleanImage } from '../files/image-upload.js';
import { wakeNotificationWorkers } from '../notifications/notification.worker.js';
import { invalidField } from '../reference/sql-helpers.js';
import { MailTexts } from '../security/mail-texts.js';
import { scopeIncludesCompany, type Scope } from '../tenancy/scope.js';
import { FeedbackRepository, mailStateOf, type FeedbackRow } from './feedback.repository.js';

export function feedbackView(row: FeedbackRow): FeedbackView {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    text: row.text,
    sender: { id: row.senderId, username: row.senderName },
    companyName: row.companyName,
    senderHasEmail: row.senderEmail !== null && row.senderEmail !== '',
    messageCount: row.messageCount,
    screenshotCount: row.screenshotCount,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** What the caller is to one feedback. */
interface Access {
  row: FeedbackRow;
  mine: boolean;
  canAnswer: boolean;
}

export class FeedbackService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** PUBLIC_URL: the link in the answer mail. */
      publicUrl: string;
    },
  ) {}

  private get repo(): FeedbackRepository {
    return new FeedbackRepository(this.deps.db);
  }

  private static staff(session: SessionContext): boolean {
    return hasAnyPermission(session.permissions, [Perm.feedbackAnswer]);
  }

  /** The feedback as the caller may reach it; 4004 when they may not (like a missing one). */
  private async access(session: SessionContext, scope: Scope, id: number, db?: Db): Promise<Access> {
    const row = await new FeedbackRepository(db ?? this.deps.db).one(id, db !== undefined);
    if (row === null) throw Errors.notFound();
    const mine = row.senderId === session.userId;
    const canAnswer = !mine && FeedbackService.staff(session) && scopeIncludesCompany(scope, row.companyId);
    if (!mine && !canAnswer) throw Errors.notFound();
    return { row, mine, canAnswer };
  }

  async create(
    session: SessionContext,
    fields: FeedbackCreateFields,
    screenshots: readonly CleanImage[],
  ): Promise<FeedbackDetail> {
    const at = this.deps.clock.now();
    const id = await this.deps.db.transaction((tx) =>
      new FeedbackRepository(tx).create(
        { type: fields.type, companyId: session.companyId },
        {
          authorId: session.userId,
          authorName: session.username,
          staff: false,
          text: fields.text,
          screenshots,
          at,
        },
      ),
    );
    return this.detailOf({ row: await this.one(id), mine: true, canAnswer: false });
  }

  private async one(id: number): Promise<FeedbackRow> {
    const row = await this.repo.one(id);
    if (row === null) throw Errors.notFound();
    return row;
  }

  async page(
    session: SessionContext,
    scope: Scope,
    query: FeedbackPageQuery,
  ): Promise<{ total: number; list: FeedbackView[] }> {
    const mine = (query.scope ?? 'MINE') === 'MINE';
    if (!mine && !FeedbackService.staff(session)) throw Errors.forbidden();
    const { total, list } = await this.repo.page(
      mine ? { sender: session.userId } : { scope },
      {
        ...(query.state === undefined ? {} : { state: query.state }),
        ...(query.type === undefined ? {} : { type: query.type }),
      },
      pageWindow(query),
    );
    return { total, list: list.map(feedbackView) };
  }

  async detail(session: SessionContext, scope: Scope, id: number): Promise<FeedbackDetail> {
    return this.detailOf(await this.access(session, scope, id));
  }

  private async detailOf(access: Access): Promise<FeedbackDetail> {
    const messages = await this.repo.messages(access.row.id);
    return {
      ...feedbackView(access.row),
      messages: messages.map((m) => ({
        id: m.id,
        author: { id: m.authorId ?? 0, username: m.authorName },
        staff: m.staff,
        text: m.text,
        screenshots: m.screenshots,
        mail: mailStateOf(m),
        createdAt: m.createdAt.getTime(),
      })),
      mine: access.mine,
      canAnswer: access.canAnswer,
    };
  }

  /**
   * A follow-up of the sender or an answer of staff. An answer queues the mail to the sender in the same
   * transaction (or records that the sender has no address). Answers the feedback and whether it was an
   * answer (for the audit).
   */
  /** 4004 unless the caller reaches the feedback (checked before an upload is read). */
  async reach(session: SessionContext, scope: Scope, id: number): Promise<void> {
    await this.access(session, scope, id);
  }

  async addMessage(
    session: SessionContext,
    scope: Scope,
    id: number,
    text: string,
    screenshots: readonly CleanImage[],
  ): Promise<{ detail: FeedbackDetail; staff: boolean; mail: 'QUEUED' | 'NO_EMAIL' | null }> {
    const before = await this.access(session, scope, id);
    // The texts are read before the transaction: it holds the feedback's row lock briefly.
    const mailTexts = before.canAnswer
      ? await new MailTexts(this.deps.db).compose(
          'feedbackAnswer',
          before.row.senderLanguage,
          {
            id: String(id),
            username: before.row.senderName,
            answer: text,
            link: `${this.deps.publicUrl.replace(/\/$/, '')}/#/feedback?id=${id}`,
          },
          [],
        )
      : null;
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = new FeedbackRepository(tx);
      const { row, canAnswer } = await this.access(session, scope, id, tx);
      const next = nextFeedbackState(row.state, canAnswer ? { kind: 'answer' } : { kind: 'followUp' });
      if (next === null) throw invalidField('params.id', FeedbackMessage.closed, 'the feedback is closed');
      if (row.messageCount >= FeedbackLimits.messagesMax)
        throw invalidField(
          'params.id',
          FeedbackMessage.tooManyMessages,
          `at most ${FeedbackLimits.messagesMax} messages`,
        );
      const at = this.deps.clock.now();
      const message = {
        authorId: session.userId,
        authorName: session.username,
        staff: canAnswer,
        text,
        screenshots,
        at,
      };
      let mail: 'QUEUED' | 'NO_EMAIL' | null = null;
      if (!canAnswer) await repo.addMessage(id, message);
      else if (row.senderEmail === null || row.senderEmail === '' || mailTexts === null) {
        await repo.addMessage(id, message, { noEmail: true, deliveryId: null });
        mail = 'NO_EMAIL';
      } else {
        const messageId = await repo.addMessage(id, message);
        const deliveryId = await repo.queueMail({
          channel: 'EMAIL',
          dedupeKey: `feedback:${id}:message:${messageId}`,
          kind: 'FEEDBACK_ANSWER',
          recipient: row.senderEmail,
          subject: mailTexts.subject,
          body: mailTexts.text,
          nextAttemptAt: at,
          createdAt: at,
        });
        await repo.setDelivery(messageId, deliveryId);
        mail = 'QUEUED';
      }
      await repo.setState(id, next, at);
      return { canAnswer, mail };
    });
    if (result.mail === 'QUEUED') wakeNotificationWorkers();
    const detail = await this.detailOf({ ...before, row: await this.one(id) });
    return { detail, staff: result.canAnswer, mail: result.mail };
  }

  /** Staff move the state by hand (nextFeedbackState's `set`). */
  async setState(
    session: SessionContext,
    scope: Scope,
    id: number,
    to: FeedbackState,
  ): Promise<{ detail: FeedbackDetail; from: FeedbackState }> {
    const from = await this.deps.db.transaction(async (tx) => {
      const { row, canAnswer } = await this.access(session, scope, id, tx);
      if (!canAnswer) throw Errors.forbidden();
      if (nextFeedbackState(row.state, { kind: 'set', to }) === null)
        throw invalidField(
          'body.state',
          FeedbackMessage.transitionNotAllowed,
          `not from ${row.state} to ${to}`,
        );
      await new FeedbackRepository(tx).setState(id, to, this.deps.clock.now());
      return row.state;
    });
    return { detail: await this.detail(session, scope, id), from };
  }

  /** The sender deletes their own feedback while it is OPEN and holds only their first message. */
  async delete(session: SessionContext, scope: Scope, id: number): Promise<FeedbackView> {
    return this.deps.db.transaction(async (tx) => {
      const { row, mine } = await this.access(session, scope, id, tx);
      if (!mine) throw Errors.forbidden();
      if (!feedbackDeletable(row.state, row.messageCount))
        throw invalidField(
          'params.id',
          FeedbackMessage.notDeletable,
          'only your own OPEN feedback without answers',
        );
      await new FeedbackRepository(tx).delete(id);
      return feedbackView(row);
    });
  }

  async screenshot(
    session: SessionContext,
    scope: Scope,
    id: number,
    fileId: string,
  ): Promise<{ mime: string; bytes: Buffer }> {
    await this.access(session, scope, id);
    const file = await this.repo.screenshot(id, fileId);
    if (file === null) throw Errors.notFound();
    return file;
  }
}
