import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { compileOnce } from './validation.js';

const compiled = new Map<string, (data: unknown) => string>();

/**
 * Response serializer compiler of the app: Fastify's own (fast-json-stringify with its default options;
 * the app adds no shared schemas), compiled once per process for each distinct response schema, as the
 * validators are (validation.ts).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  compileOnce(compiled, JSON.stringify(schema), () => fastJsonStringify(schema as object));
