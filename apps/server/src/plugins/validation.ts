import { Ajv, type Options } from 'ajv';
import formatsPlugin from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Fastify's single Ajv coerces types everywhere. That is needed for the query string and path (every
// value arrives as text) but wrong for JSON bodies: in `anyOf [number, null]` Ajv coerces a `null` to
// 0 (and to "" for strings) before the null branch is tried, so "clear this value" silently became a
// value. Bodies therefore get an Ajv without coercion; the other parts keep Fastify's behaviour.
const common: Options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: true,
  addUsedSchema: false,
  // TypeBox adds its own annotation keys; unknown keywords are not errors (as with Fastify's default).
  strict: false,
};

// ajv-formats is CommonJS: its default export arrives as the module object or the function itself.
const addFormats: typeof formatsPlugin =
  (formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin;

function build(options: Options): Ajv {
  const ajv = new Ajv(options);
  addFormats(ajv);
  return ajv;
}

const forBodies = build({ ...common, coerceTypes: false });
const forText = build({ ...common, coerceTypes: 'array' });

/** Validator compiler of the app: no type coercion for bodies, Fastify's coercion elsewhere. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? forBodies : forText).compile(schema);
