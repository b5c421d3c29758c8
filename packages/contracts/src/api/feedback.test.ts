import { describe, expect, it } from 'vitest';
import { FEEDBACK_STATES, feedbackDeletable, nextFeedbackState, type FeedbackState } from './feedback.js';

describe('the feedback state rule', () => {
  it('lets staff move states by hand, but never to ANSWERED and never to the same state', () => {
    const allowed = (from: FeedbackState): FeedbackState[] =>
      FEEDBACK_STATES.filter((to) => nextFeedbackState(from, { kind: 'set', to }) !== null);
    expect(allowed('OPEN')).toEqual(['IN_PROGRESS', 'CLOSED']);
    expect(allowed('IN_PROGRESS')).toEqual(['OPEN', 'CLOSED']);
    expect(allowed('ANSWERED')).toEqual(['IN_PROGRESS', 'CLOSED']);
    expect(allowed('CLOSED')).toEqual(['OPEN']);
  });

  it('makes an answer ANSWERED, a follow-up to an answer OPEN again, and a closed thread take nothing', () => {
    expect(FEEDBACK_STATES.map((s) => nextFeedbackState(s, { kind: 'answer' }))).toEqual([
      'ANSWERED',
      'ANSWERED',
      'ANSWERED',
      null,
    ]);
    expect(FEEDBACK_STATES.map((s) => nextFeedbackState(s, { kind: 'followUp' }))).toEqual([
      'OPEN',
      'IN_PROGRESS',
      'OPEN',
      null,
    ]);
  });

  it('lets the sender delete only an OPEN feedback with nothing but its first message', () => {
    expect(feedbackDeletable('OPEN', 1)).toBe(true);
    expect(feedbackDeletable('OPEN', 2)).toBe(false);
    expect(feedbackDeletable('IN_PROGRESS', 1)).toBe(false);
  });
});
