import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { FeedbackDetail } from '@sunfleet/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserLayout } from '../../lib/jsdomStubs';
import { queryClient } from '../../lib/queryClient';
import { FeedbackThreadView } from './FeedbackThread';
import { FeedbackTestId } from './testIds';

// jsdom has no ResizeObserver or matchMedia; antd's layout only needs them to exist.
beforeEach(() => {
  stubBrowserLayout();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = 1_795_262_100_000;
const base: FeedbackDetail = {
  id: 7,
  type: 'BUG',
  state: 'OPEN',
  text: 'The chart is empty',
  sender: { id: 11, username: 'owner' },
  companyName: 'Helios',
  senderHasEmail: true,
  messageCount: 1,
  screenshotCount: 1,
  createdAt: at,
  updatedAt: at,
  mine: true,
  canAnswer: false,
  messages: [
    {
      id: 1,
      author: { id: 11, username: 'owner' },
      staff: false,
      text: '<b>The chart is empty</b>',
      screenshots: ['0b7c4a52-5b1e-4c3a-9a57-0c2f6d1e8b11'],
      mail: null,
      createdAt: at,
    },
  ],
};

const show = (feedback: FeedbackDetail): ReactElement => (
  <QueryClientProvider client={queryClient}>
    <FeedbackThreadView feedback={feedback} onDeleted={() => undefined} />
  </QueryClientProvider>
);

describe('a feedback thread', () => {
  it("shows the sender their text as text, the screenshot from the feedback's own route, a reply box and delete", () => {
    render(show(base));
    const [message] = screen.getAllByTestId(FeedbackTestId.message);
    expect(message?.textContent).toContain('<b>The chart is empty</b>');
    expect(message?.querySelector('b')).toBeNull();
    expect(message?.querySelector('img')?.getAttribute('src')).toBe(
      '/api/feedback/7/screenshot/0b7c4a52-5b1e-4c3a-9a57-0c2f6d1e8b11',
    );
    expect(screen.getByTestId(FeedbackTestId.reply)).toBeTruthy();
    expect(screen.getByTestId(FeedbackTestId.delete)).toBeTruthy();
    expect(screen.queryByTestId(FeedbackTestId.stateSelect)).toBeNull();
  });

  it("shows staff the state menu and each answer's mail, and says when the sender has no email", () => {
    render(
      show({
        ...base,
        mine: false,
        canAnswer: true,
        state: 'ANSWERED',
        senderHasEmail: false,
        messageCount: 2,
        messages: [
          ...base.messages,
          {
            id: 2,
            author: { id: 3, username: 'installer' },
            staff: true,
            text: 'Fixed',
            screenshots: [],
            mail: 'NO_EMAIL',
            createdAt: at,
          },
        ],
      }),
    );
    expect(screen.getByTestId(FeedbackTestId.stateSelect)).toBeTruthy();
    expect(screen.getByTestId(FeedbackTestId.mailState).dataset.mail).toBe('NO_EMAIL');
    expect(screen.getByTestId(FeedbackTestId.noEmail)).toBeTruthy();
    expect(screen.getByTestId(FeedbackTestId.reply)).toBeTruthy();
    expect(screen.queryByTestId(FeedbackTestId.delete)).toBeNull();
  });

  it('takes no more messages once closed', () => {
    render(show({ ...base, state: 'CLOSED' }));
    expect(screen.queryByTestId(FeedbackTestId.reply)).toBeNull();
    expect(screen.queryByTestId(FeedbackTestId.delete)).toBeNull();
    expect(screen.queryByTestId(FeedbackTestId.noEmail)).toBeNull();
  });
});
