import { describe, expect, it } from 'vitest';
import { appReleaseForm } from './api';

describe('the app release body', () => {
  it('sends a store link without a file', () => {
    const form = appReleaseForm(
      { platform: 'IOS', version: ' 1.2.0 ', source: 'STORE', storeUrl: ' https://apps.apple.com/app/id1 ' },
      new File(['x'], 'ignored.apk'),
    );
    expect([...form.keys()]).toEqual(['platform', 'version', 'publish', 'storeUrl']);
    expect(form.get('version')).toBe('1.2.0');
    expect(form.get('storeUrl')).toBe('https://apps.apple.com/app/id1');
    expect(form.get('publish')).toBe('false');
  });

  it('sends a package without a store link, published at once when asked', () => {
    const form = appReleaseForm(
      {
        platform: 'ANDROID',
        version: '2.0.0',
        notes: 'New',
        source: 'FILE',
        storeUrl: 'https://x',
        publish: true,
      },
      new File(['PK'], 'app.apk'),
    );
    expect([...form.keys()]).toEqual(['platform', 'version', 'notes', 'publish', 'file']);
    expect(form.get('publish')).toBe('true');
  });
});
