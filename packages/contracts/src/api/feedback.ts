// Comments and feedback (SPEC §2 /feedback; docs/feedback.md): a user sends a type, a text and up to
// FeedbackLimits.screenshotsMax PNG/JPEG screenshots and follows the thread; staff holding feedback:answer
// answer the feedback of users in their company subtree and move its state. Shared by server and console.
import { Type, type Static } from 'typebox';
import { EpochMs, PageQueryFields } from './paging.js';

export const FEEDBACK_TYPES = ['SUGGESTION', 'BUG', 'QUESTION', 'COMPLAINT', 'OTHER'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_STATES = ['OPEN', 'IN_PROGRESS', 'ANSWERED', 'CLOSED'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export const FeedbackLimits = {
  /** Characters of one message (the feedback's first text, a follow-up, an answer), after trimming. */
  textMax: 2_000,
  /** Screenshots one message may carry. */
  screenshotsMax: 6,
  /** Bytes of one screenshot as uploaded. */
  screenshotMaxBytes: 5 * 1024 * 1024,
  /** Screenshots are stored re-encoded within this many pixels per edge. */
  screenshotMaxEdgePx: 2_560,
  /** Messages one thread may hold: keeps a thread (and its page) bounded. */
  messagesMax: 100,
} as const;

/**
 * What happens to a feedback's state, as one rule (server and console both ask it):
 * - `set`: staff move the state by hand. OPEN ⇄ IN_PROGRESS, any open state → CLOSED, ANSWERED →
 *   IN_PROGRESS, CLOSED → OPEN (reopen). ANSWERED is reached only by an answer, never set by hand.
 * - `answer`: a staff answer makes an open feedback ANSWERED.
 * - `followUp`: the sender adds to their feedback; an ANSWERED one is OPEN again (it needs staff again).
 * A CLOSED feedback takes no messages. Answers the new state, or null when the event is not allowed.
 */
export type FeedbackEvent = { kind: 'set'; to: FeedbackState } | { kind: 'answer' } | { kind: 'followUp' };

const MANUAL: Record<FeedbackState, readonly FeedbackState[]> = {
  OPEN: ['IN_PROGRESS', 'CLOSED'],
  IN_PROGRESS: ['OPEN', 'CLOSED'],
  ANSWERED: ['IN_PROGRESS', 'CLOSED'],
  CLOSED: ['OPEN'],
};

export function nextFeedbackState(from: FeedbackState, event: FeedbackEvent): FeedbackState | null {
  switch (event.kind) {
    case 'set':
      return MANUAL[from].includes(event.to) ? event.to : null;
    case 'answer':
      return from === 'CLOSED' ? null : 'ANSWERED';
    case 'followUp':
      return from === 'CLOSED' ? null : from === 'ANSWERED' ? 'OPEN' : from;
  }
}

/** The states staff may set by hand from `from` (the console's state menu). */
export function manualFeedbackStates(from: FeedbackState): readonly FeedbackState[] {
  return MANUAL[from];
}

/** The sender may delete their feedback while nobody has worked on it. */
export const feedbackDeletable = (state: FeedbackState, messages: number): boolean =>
  state === 'OPEN' && messages === 1;

/** enMsg keys of this area (texts in locales/feedback). */
export const FeedbackMessage = {
  /** The state change is not allowed from the current state (nextFeedbackState). */
  transitionNotAllowed: 'feedback.transitionNotAllowed',
  /** A closed feedback takes no messages; staff reopen it first. */
  closed: 'feedback.closed',
  /** More screenshots than FeedbackLimits.screenshotsMax in one message. */
  tooManyScreenshots: 'feedback.tooManyScreenshots',
  /** A screenshot larger than FeedbackLimits.screenshotMaxBytes. */
  screenshotTooLarge: 'feedback.screenshotTooLarge',
  /** The thread holds FeedbackLimits.messagesMax messages already. */
  tooManyMessages: 'feedback.tooManyMessages',
  /** Only the sender's own OPEN feedback without answers can be deleted. */
  notDeletable: 'feedback.notDeletable',
  /** The text is blank or longer than FeedbackLimits.textMax. */
  textInvalid: 'feedback.textInvalid',
} as const;

/** How the answer mail to the sender stands (staff answers only; null on the sender's own messages). */
export const FEEDBACK_MAIL_STATES = ['NO_EMAIL', 'PENDING', 'SENT', 'FAILED'] as const;
export type FeedbackMailState = (typeof FEEDBACK_MAIL_STATES)[number];

const Text = Type.String({
  minLength: 1,
  maxLength: FeedbackLimits.textMax,
  description: `1…${FeedbackLimits.textMax} characters after trimming`,
});

/** The text fields of `POST /api/feedback` (multipart/form-data, beside the `files` parts). */
export const FeedbackCreateFields = Type.Object(
  { type: Type.Enum(FEEDBACK_TYPES), text: Text },
  { additionalProperties: false },
);
export type FeedbackCreateFields = Static<typeof FeedbackCreateFields>;

/** The text field of `POST /api/feedback/{id}/message` (multipart/form-data, beside the `files` parts). */
export const FeedbackMessageFields = Type.Object({ text: Text }, { additionalProperties: false });
export type FeedbackMessageFields = Static<typeof FeedbackMessageFields>;

export const FeedbackStateBody = Type.Object(
  { state: Type.Enum(FEEDBACK_STATES) },
  { additionalProperties: false },
);
export type FeedbackStateBody = Static<typeof FeedbackStateBody>;

export const FeedbackIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type FeedbackIdParams = Static<typeof FeedbackIdParams>;

export const FeedbackScreenshotParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  fileId: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
});
export type FeedbackScreenshotParams = Static<typeof FeedbackScreenshotParams>;

/** MINE: the caller's own feedback; SCOPE: the feedback of users in the caller's scope (feedback:answer). */
export const FEEDBACK_LIST_SCOPES = ['MINE', 'SCOPE'] as const;
export type FeedbackListScope = (typeof FEEDBACK_LIST_SCOPES)[number];

export const FeedbackPageQuery = Type.Object({
  ...PageQueryFields,
  scope: Type.Optional(Type.Enum(FEEDBACK_LIST_SCOPES, { default: 'MINE' })),
  state: Type.Optional(Type.Enum(FEEDBACK_STATES)),
  type: Type.Optional(Type.Enum(FEEDBACK_TYPES)),
});
export type FeedbackPageQuery = Static<typeof FeedbackPageQuery>;

const Person = Type.Object({ id: Type.Integer(), username: Type.String() });

/** One feedback in a list, newest activity first. */
export const FeedbackView = Type.Object({
  id: Type.Integer(),
  type: Type.Enum(FEEDBACK_TYPES),
  state: Type.Enum(FEEDBACK_STATES),
  /** The first message's text. */
  text: Type.String(),
  sender: Person,
  companyName: Type.String(),
  /** Whether the sender has an email address (answers are mailed to it; without one nothing is sent). */
  senderHasEmail: Type.Boolean(),
  messageCount: Type.Integer({ minimum: 1 }),
  screenshotCount: Type.Integer({ minimum: 0 }),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type FeedbackView = Static<typeof FeedbackView>;

export const FeedbackThreadMessage = Type.Object({
  id: Type.Integer(),
  author: Person,
  /** An answer of staff (not the sender's own text). */
  staff: Type.Boolean(),
  text: Type.String(),
  /** Screenshot ids: GET /api/feedback/{id}/screenshot/{fileId}. */
  screenshots: Type.Array(Type.String()),
  mail: Type.Union([Type.Enum(FEEDBACK_MAIL_STATES), Type.Null()]),
  createdAt: EpochMs,
});
export type FeedbackThreadMessage = Static<typeof FeedbackThreadMessage>;

/** One feedback with its thread, oldest message first (the first is the feedback's own text). */
export const FeedbackDetail = Type.Object({
  ...FeedbackView.properties,
  messages: Type.Array(FeedbackThreadMessage),
  /** The caller sent it (may follow up and, while deletable, delete it). */
  mine: Type.Boolean(),
  /** The caller may answer it and change its state. */
  canAnswer: Type.Boolean(),
});
export type FeedbackDetail = Static<typeof FeedbackDetail>;
