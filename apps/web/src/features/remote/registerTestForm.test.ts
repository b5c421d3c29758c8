import { describe, expect, it } from 'vitest';
import { RuleMessage } from '@sunfleet/contracts';
import {
  registerSetText,
  registerTestBody,
  registerTestProblem,
  type RegisterTestForm,
} from './registerTestForm';

const form = (over: Partial<RegisterTestForm>): RegisterTestForm => ({
  model: 'SF-INV-3P-10K',
  deviceIds: [3, 4],
  mode: 'keys',
  keys: ['W', 'WMaxLimPct'],
  address: '',
  count: 1,
  ...over,
});

describe('batch register test form', () => {
  it('names the first thing missing', () => {
    expect(registerTestProblem(form({ model: undefined }))).toBe('registerTestPage.problem.model');
    expect(registerTestProblem(form({ deviceIds: [] }))).toBe('registerTestPage.problem.devices');
    expect(registerTestProblem(form({ deviceIds: Array.from({ length: 501 }, (_, i) => i + 1) }))).toBe(
      'registerTestPage.problem.tooManyDevices',
    );
    expect(registerTestProblem(form({ keys: [] }))).toBe('registerTestPage.problem.keys');
    expect(registerTestProblem(form({}))).toBeNull();
    expect(registerTestProblem(form({ mode: 'raw', address: '' }))).toBe(RuleMessage.valueRequired);
    expect(registerTestProblem(form({ mode: 'raw', address: '0x12345' }))).toBe(RuleMessage.hexTooLong);
    expect(registerTestProblem(form({ mode: 'raw', address: '40000' }))).toBe(RuleMessage.hexInvalid);
    expect(registerTestProblem(form({ mode: 'raw', address: '0x9C40' }))).toBeNull();
  });

  it('builds the request: keys, or a raw range from the hex address', () => {
    expect(registerTestBody(form({ deviceIds: [3, 3, 4] }))).toEqual({
      model: 'SF-INV-3P-10K',
      deviceIds: [3, 4],
      keys: ['W', 'WMaxLimPct'],
    });
    expect(registerTestBody(form({ mode: 'raw', address: '0x9c40', count: 500 }))).toEqual({
      model: 'SF-INV-3P-10K',
      deviceIds: [3, 4],
      address: 40_000,
      count: 125,
    });
    expect(registerSetText({ keys: [], address: 40_000, count: 2 })).toBe('0x9C40 × 2');
    expect(registerSetText({ keys: ['W', 'PF'], address: null, count: null })).toBe('W, PF');
  });
});
