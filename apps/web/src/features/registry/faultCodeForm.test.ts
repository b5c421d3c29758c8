import { describe, expect, it } from 'vitest';
import { emptyFaultCodeTexts } from '@sunfleet/contracts';
import { faultCodeBody, faultCodeValues, importProblemLines } from './faultCodeForm';

describe('fault-code form', () => {
  const texts = emptyFaultCodeTexts();
  texts.EN = { description: '  Grid lost ', cause: 'No grid', handling: '1. Check the breaker' };

  it('sends only the id of the chosen scope and trimmed texts', () => {
    const body = faultCodeBody({
      scope: 'DEFINITION',
      definitionId: 4,
      modelId: 9,
      code: 2040,
      level: 'URGENT',
      texts,
    });
    expect(body).toMatchObject({ definitionId: 4, modelId: null, code: 2040, level: 'URGENT' });
    expect(body.texts.EN.description).toBe('Grid lost');
    expect(
      faultCodeBody({ scope: 'GLOBAL', definitionId: 4, code: 1, level: 'PROMPT', texts }),
    ).toMatchObject({
      definitionId: null,
      modelId: null,
    });
    expect(faultCodeBody({ scope: 'MODEL', modelId: 9, code: 1, level: 'PROMPT', texts }).modelId).toBe(9);
  });

  it('fills the form from an entry and back to the same body', () => {
    const entry = {
      id: 1,
      scope: 'MODEL' as const,
      modelId: 9,
      model: 'SF-INV-1P-5K',
      definitionId: null,
      definitionCode: null,
      deviceType: 'INVERTER' as const,
      code: 3001,
      level: 'URGENT' as const,
      texts,
      builtIn: false,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(faultCodeBody(faultCodeValues(entry))).toMatchObject({
      modelId: 9,
      definitionId: null,
      code: 3001,
    });
  });

  it('lists the problems of a refused import by row', () => {
    expect(
      importProblemLines([
        { field: 'row.3.Level', rule: 'FaultCodeLevelInvalid', message: 'row 3, Level: one of URGENT' },
      ]),
    ).toEqual(['row 3, Level: one of URGENT']);
    expect(importProblemLines(null)).toEqual([]);
  });
});
