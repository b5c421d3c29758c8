import { describe, expect, it } from 'vitest';
import { documentForm } from './api';

describe('the document upload body', () => {
  it('sends a new document with its visibility as "all" or role ids, the file last', () => {
    const file = new File(['%PDF-1.7'], 'manual.pdf');
    const everyone = documentForm({ title: ' Manual ', category: '', visibleToAll: true }, file, true);
    expect([...everyone.keys()]).toEqual(['title', 'visibleTo', 'file']);
    expect(everyone.get('title')).toBe('Manual');
    expect(everyone.get('visibleTo')).toBe('all');

    const roles = documentForm({ title: 'Manual', visibleToAll: false, roleIds: [2, 3] }, file, true);
    expect(roles.get('visibleTo')).toBe('2,3');
  });

  it('sends only the label, notes and file for a new version', () => {
    const file = new File(['text'], 'notes.md');
    const form = documentForm({ title: 'ignored', versionLabel: ' rev B ', notes: '' }, file, false);
    expect([...form.keys()]).toEqual(['versionLabel', 'file']);
    expect(form.get('versionLabel')).toBe('rev B');
  });
});
