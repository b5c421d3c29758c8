// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, OPENAPI_DOCUMENT, renderApiTypes } from '../scripts/api-types';

describe('API types (src/lib/api/schema.d.ts)', () => {
  // Rendering 1 MB of OpenAPI takes a few seconds on a busy machine.
  it(
    'match the checked-in docs/openapi.json (run `npm run gen` after changing the API)',
    { timeout: 60_000 },
    async () => {
      const expected = await renderApiTypes(readFileSync(OPENAPI_DOCUMENT, 'utf8'));
      const actual = readFileSync(API_TYPES_FILE, 'utf8');
      // Compared line by line, so a stale file names its first differing line instead of printing 600 kB.
      const expectedLines = expected.split('\n');
      const actualLines = actual.split('\n');
      const first = expectedLines.findIndex((line, i) => actualLines[i] !== line);
      expect(
        first === -1 ? null : { line: first + 1, expected: expectedLines[first], actual: actualLines[first] },
      ).toBeNull();
      expect(actualLines).toHaveLength(expectedLines.length);
    },
  );
});
