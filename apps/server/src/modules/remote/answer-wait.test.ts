import { RemoteLimits, Timing } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config.js';

describe('REMOTE_ANSWER_WAIT_MS', () => {
  it("defaults to 25 s (under the console's 30 s request timeout) and takes 0 (answer at once) up to the maximum", () => {
    expect(loadConfig({}).remoteAnswerWaitMs).toBe(RemoteLimits.answerWaitMsDefault);
    expect(RemoteLimits.answerWaitMsDefault).toBe(25_000);
    expect(RemoteLimits.answerWaitMsDefault).toBeLessThan(Timing.requestTimeoutMs);
    expect(loadConfig({ REMOTE_ANSWER_WAIT_MS: '0' }).remoteAnswerWaitMs).toBe(0);
    expect(loadConfig({ REMOTE_ANSWER_WAIT_MS: '120000' }).remoteAnswerWaitMs).toBe(120_000);
  });

  it.each(['120001', '-1', '1.5', 'soon'])('refuses %s', (value) => {
    expect(() => loadConfig({ REMOTE_ANSWER_WAIT_MS: value })).toThrow(ConfigError);
  });
});
