// `npm run gen -w @sunfleet/web`: regenerates src/lib/api/schema.d.ts from docs/openapi.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { API_TYPES_FILE, OPENAPI_DOCUMENT, renderApiTypes } from './api-types';

writeFileSync(API_TYPES_FILE, await renderApiTypes(readFileSync(OPENAPI_DOCUMENT, 'utf8')));
console.log(`wrote ${API_TYPES_FILE}`);
