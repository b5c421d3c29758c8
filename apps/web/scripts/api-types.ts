// Renders the web's API types (src/lib/api/schema.d.ts) from the checked-in OpenAPI document. Shared by
// `npm run gen` and the drift test, so both produce the file byte for byte the same way.
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';

export const OPENAPI_DOCUMENT = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
export const API_TYPES_FILE = fileURLToPath(new URL('../src/lib/api/schema.d.ts', import.meta.url));

// Files (uploads, XLSX exports, images) are Blobs in the browser, not the strings JSON Schema calls them.
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** The `paths`/`components` types of the document, as openapi-fetch expects them. */
export async function renderApiTypes(documentJson: string): Promise<string> {
  const ast = await openapiTS(documentJson, {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  return `${COMMENT_HEADER.replace(' */', ' * Regenerate with `npm run gen` (docs/openapi.json → this file).\n */')}${astToString(ast)}`;
}
