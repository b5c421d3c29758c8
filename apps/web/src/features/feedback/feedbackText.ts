import type { FeedbackMailState, FeedbackState } from '@sunfleet/contracts';

/** The tag colour of each state. */
export const STATE_COLOR: Record<FeedbackState, string> = {
  OPEN: 'blue',
  IN_PROGRESS: 'gold',
  ANSWERED: 'green',
  CLOSED: 'default',
};

/** The tag colour of each answer-mail state. */
export const MAIL_COLOR: Record<FeedbackMailState, string> = {
  NO_EMAIL: 'orange',
  PENDING: 'blue',
  SENT: 'green',
  FAILED: 'red',
};
