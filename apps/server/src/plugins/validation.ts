import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
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
  // NaN and ±Infinity (a JSON `1e999`) are not numbers.
  strictNumbers: true,
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

/** PostgreSQL's `integer`: the range of every id and count column an integer input can reach. */
export const INTEGER_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typesOf(schema: Schema): Set<string> {
  const types = new Set<string>();
  const type = schema.type;
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') types.add(t);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches))
      for (const branch of branches) if (isSchema(branch)) for (const t of typesOf(branch)) types.add(t);
  }
  return types;
}

/**
 * A copy of `schema` in which every integer without bounds of its own gets INTEGER_RANGE: an id or a
 * page number beyond what the database holds is invalid input (4000), not a database error (5000).
 * Fields that need more (epoch milliseconds) declare their own maximum.
 */
export function withBoundedIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withBoundedIntegers);
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withBoundedIntegers(value);
  const type = schema.type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined)
      copy.maximum = INTEGER_RANGE.maximum;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined)
      copy.minimum = INTEGER_RANGE.minimum;
  }
  return copy;
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const NUMBER_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

/**
 * The pattern each numeric top-level property of a path or query schema must match as text before Ajv
 * coerces it. Ajv's coercion is JavaScript's `+text`, which reads `0x10` as 16, `1e3` as 1000 and ` 1` as
 * 1: an id must be plain decimal digits. A property that also accepts text is left to its schema.
 */
function strictTextProperties(schema: unknown): Map<string, RegExp> {
  const result = new Map<string, RegExp>();
  if (!isSchema(schema) || !isSchema(schema.properties)) return result;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isSchema(property)) continue;
    const types = typesOf(property);
    if (types.has('array') && isSchema(property.items)) for (const t of typesOf(property.items)) types.add(t);
    if (types.has('string')) continue;
    if (types.has('number')) result.set(name, NUMBER_TEXT);
    else if (types.has('integer')) result.set(name, INTEGER_TEXT);
  }
  return result;
}

/** Ajv's validator for a path or query schema, preceded by the strict reading of numeric text. */
function strictText(validate: ValidateFunction, schema: unknown): ValidateFunction {
  const strict = strictTextProperties(schema);
  if (strict.size === 0) return validate;
  const wrapped = ((data: unknown, context?: unknown) => {
    const errors: ErrorObject[] = [];
    if (isSchema(data)) {
      for (const [name, pattern] of strict) {
        const value = data[name];
        const texts = Array.isArray(value) ? value : [value];
        if (texts.some((text) => typeof text === 'string' && !pattern.test(text)))
          errors.push({
            keyword: 'type',
            instancePath: `/${name}`,
            schemaPath: `#/properties/${name}/type`,
            params: { type: pattern === INTEGER_TEXT ? 'integer' : 'number' },
            message: 'must be plain decimal digits',
          });
      }
    }
    if (errors.length > 0) {
      wrapped.errors = errors;
      return false;
    }
    const valid = (validate as (data: unknown, context?: unknown) => boolean)(data, context);
    wrapped.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  // Fastify passes the parent object (letting Ajv coerce the root) only to functions that carry this.
  Object.assign(wrapped, { schemaEnv: validate.schemaEnv, schema: validate.schema });
  return wrapped;
}

function compile(schema: unknown, httpPart: string | undefined): ValidateFunction {
  const bounded = withBoundedIntegers(schema) as object;
  if (httpPart === 'body') return forBodies.compile(bounded);
  const validate = forText.compile(bounded);
  return httpPart === 'params' || httpPart === 'querystring' ? strictText(validate, schema) : validate;
}

const compiled = new Map<string, ValidateFunction>();

/**
 * Validator compiler of the app: no type coercion for bodies, Fastify's coercion elsewhere but with
 * numbers read strictly; every integer bounded (see withBoundedIntegers), no NaN or Infinity.
 *
 * A validator is compiled once per process for each distinct schema and part (compileOnce): compiling
 * the contracts' schemas with Ajv is most of the cost of building the app (docs/testing.md), and a
 * process that builds it again (a test worker, a restart in place) reuses the validators.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  compileOnce(compiled, `${httpPart ?? ''} ${JSON.stringify(schema)}`, () => compile(schema, httpPart));

/**
 * The entry of `cache` under `key`, made by `make` the first time. Keys are a schema's JSON: two schemas
 * with the same JSON validate (or serialize) alike, whatever object carries them.
 */
export function compileOnce<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}
