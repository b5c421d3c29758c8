import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_KEYS, RemoteMessage } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { paths } from '../../paths.js';

const keys = Object.values(RemoteMessage);

describe('RemoteMessage translations', () => {
  it.each(LANGUAGE_KEYS)('%s has a text for every key and nothing else', (language) => {
    const table = JSON.parse(
      readFileSync(join(paths.locales, 'remote', `${language}.json`), 'utf8'),
    ) as Record<string, string>;
    for (const key of keys) expect(table[key]?.trim(), `${language} ${key}`).toBeTruthy();
    expect(Object.keys(table).sort()).toEqual([...keys].sort());
  });
});
