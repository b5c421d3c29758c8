// `npm run gen`: regenerates the checked-in docs/openapi.json from the route schemas.
import { writeFileSync } from 'node:fs';
import { renderOpenApiDocument } from '../src/openapi-doc.js';
import { paths } from '../src/paths.js';
import { VERSION } from '../src/server.js';

writeFileSync(paths.openapiDoc, await renderOpenApiDocument(VERSION));
console.log(`wrote ${paths.openapiDoc}`);
