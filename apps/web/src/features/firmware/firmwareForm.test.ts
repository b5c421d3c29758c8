import { describe, expect, it } from 'vitest';
import { firmwareForm } from './api';

describe('the firmware upload body', () => {
  it('sends the fields before the file, leaving out empty optional ones', () => {
    const file = new File(['image'], 'logger.bin');
    const form = firmwareForm(
      {
        deviceType: 'INVERTER',
        model: 'SF-INV-3P-10K',
        version: ' V3.2 ',
        compatibleModels: ['SF-INV-3P-50K', 'SF-INV-3P-110K'],
        minVersion: '  ',
        notes: 'Fixes',
      },
      file,
    );
    expect([...form.keys()]).toEqual(['deviceType', 'model', 'version', 'compatibleModels', 'notes', 'file']);
    expect(form.get('version')).toBe('V3.2');
    expect(form.get('compatibleModels')).toBe('SF-INV-3P-50K,SF-INV-3P-110K');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('logger.bin');
    expect(sent.size).toBe(5);
  });
});
