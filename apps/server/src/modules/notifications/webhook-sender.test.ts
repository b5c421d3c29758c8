import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isInternalAddress, signature } from './webhook-sender.js';
import { retryDelayMs } from './notification.worker.js';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.js';

describe('webhook URLs', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['8.8.8.8', false],
    ['2606:4700::1111', false],
  ])('%s internal: %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });

  it('accepts public http(s) URLs and refuses other schemes, credentials and internal hosts', () => {
    expect(checkWebhookUrl('https://hooks.example.com/x?y=1', false)).toHaveProperty('url');
    expect(checkWebhookUrl('http://8.8.8.8:8080/', false)).toHaveProperty('url');
    expect(checkWebhookUrl('ftp://example.com/', false)).toEqual({ problem: 'invalid' });
    expect(checkWebhookUrl('javascript:alert(1)', false)).toEqual({ problem: 'invalid' });
    expect(checkWebhookUrl('https://a:b@example.com/', false)).toEqual({ problem: 'credentials' });
    expect(checkWebhookUrl('https://a@example.com/', false)).toEqual({ problem: 'credentials' });
    for (const internal of [
      'http://localhost/',
      'http://api.localhost/',
      'http://[::1]/',
      'http://169.254.169.254/latest',
      'http://2130706433/',
    ])
      expect(checkWebhookUrl(internal, false), internal).toEqual({ problem: 'private' });
    expect(checkWebhookUrl('http://127.0.0.1:9000/hook', true)).toHaveProperty('url');
  });

  it('signs the raw body with HMAC-SHA256 in hex', () => {
    const body = '{"a":1}';
    expect(signature('secret-secret-secret', body)).toBe(
      `sha256=${createHmac('sha256', 'secret-secret-secret').update(body).digest('hex')}`,
    );
  });
});

describe('retries and unsubscribe tokens', () => {
  it('doubles the retry delay from the base, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30, 30_000)).toBe(3_600_000);
  });

  it('verifies its own tokens only', () => {
    const key = Buffer.alloc(32, 7);
    const token = signUnsubscribe(key, 42);
    expect(verifyUnsubscribe(key, token)).toBe(42);
    expect(verifyUnsubscribe(Buffer.alloc(32, 8), token)).toBeNull();
    expect(verifyUnsubscribe(key, token.replace('42.', '43.'))).toBeNull();
    expect(verifyUnsubscribe(key, `99999999999.${token.split('.')[1] ?? ''}`)).toBeNull();
  });
});
