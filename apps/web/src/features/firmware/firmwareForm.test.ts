import { describe, expect, it } from 'vitest';
import { firmwareForm } from './api';
import { sizeText } from './FirmwareReleasePage';

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

  it('shows sizes in B, KiB and MiB', () => {
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(820 * 1024)).toBe('820 KiB');
    expect(sizeText(1.5 * 1024 * 1024)).toBe('1.5 MiB');
  });
});
