import { describe, expect, it } from 'vitest';
import { parseChangelog } from './changelog.js';

describe('parseChangelog', () => {
  it('reads headings with their dates and items, continuation lines joined', () => {
    const text = [
      '# Changelog',
      'Intro text is not an entry.',
      '',
      '## Step 2 — Loggers (2026-11-20)',
      '- Registration of `loggers`',
      '  with credentials',
      '* Import',
      '',
      '## Step 1',
      '- Login',
    ].join('\n');
    expect(parseChangelog(text)).toEqual([
      {
        title: 'Step 2 — Loggers',
        date: '2026-11-20',
        items: ['Registration of loggers with credentials', 'Import'],
      },
      { title: 'Step 1', date: null, items: ['Login'] },
    ]);
  });

  it('has no entries without headings', () => {
    expect(parseChangelog('- stray item\n')).toEqual([]);
  });
});
