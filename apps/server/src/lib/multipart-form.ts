// One multipart form as a whole: its files (in one named part, each within a byte limit) and the text fields
// in any order, checked against a TypeBox schema. Used by every upload that carries fields besides the file
// (firmware, platform documents, app releases; feedback with several screenshots through readMultipartParts).
// Nothing is stored here; any problem answers 4000 naming the field.
import { SecurityMessage } from '@sunfleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { TObject, TSchema, Static } from 'typebox';
import { fieldErrors } from '../plugins/envelope.plugin.js';
import { invalidField } from '../modules/reference/sql-helpers.js';
import { AppError, Errors } from './errors.js';
import { holdsNul, nulRefused } from './text.js';

export interface FormFile {
  fileName: string;
  bytes: Buffer;
}

export interface MultipartForm<S extends TObject> {
  file: FormFile | null;
  fields: Static<S>;
}

/** How a form's parts are read: where its files go, how many and how large, and the keys for too much. */
export interface PartsLimits {
  /** The one field that carries the files (`file`, `files`). */
  fileField: string;
  maxFiles: number;
  /** Per file. */
  maxBytes: number;
  /** The text fields the form knows; a few more are let through to be refused by name. */
  fieldCount: number;
  /** Per text field, in bytes. */
  fieldSize: number;
  /** Message key when a file passes `maxBytes`. */
  tooLarge: string;
  /** Message key when more than `maxFiles` files arrive. */
  tooMany: string;
}

/**
 * Reads every part: the files of `fileField` in order and the text fields (own properties only; the parser
 * already refuses `__proto__`). Any problem answers 4000 naming the field; nothing is checked beyond the parts.
 */
export async function readMultipartParts(
  request: FastifyRequest,
  limits: PartsLimits,
): Promise<{ values: Record<string, string>; files: FormFile[] }> {
  const fileField = `body.${limits.fileField}`;
  if (!request.isMultipart())
    throw invalidField(fileField, SecurityMessage.fileRequired, 'expected multipart/form-data');
  const fields = new Map<string, string>();
  const files: FormFile[] = [];
  try {
    for await (const part of request.parts({
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxBytes,
        fields: limits.fieldCount + 2,
        fieldSize: limits.fieldSize,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== limits.fileField) {
          part.file.resume();
          throw invalidField(
            `body.${part.fieldname}`,
            'rule.unknownField',
            `files go in the field '${limits.fileField}'`,
          );
        }
        if (holdsNul(part.filename)) {
          part.file.resume();
          throw nulRefused(fileField);
        }
        files.push({ fileName: part.filename, bytes: await part.toBuffer() });
      } else {
        if (typeof part.value !== 'string')
          throw invalidField(`body.${part.fieldname}`, 'rule.type', 'must be text');
        if (part.fieldnameTruncated || part.valueTruncated)
          throw invalidField(`body.${part.fieldname}`, 'rule.tooLong', 'too long');
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    const errors = request.server.multipartErrors;
    if (error instanceof errors.RequestFileTooLargeError)
      throw invalidField(fileField, limits.tooLarge, `larger than ${limits.maxBytes} bytes`);
    if (error instanceof errors.FilesLimitError)
      throw invalidField(fileField, limits.tooMany, `at most ${limits.maxFiles} file(s) per upload`);
    if (error instanceof errors.PrototypeViolationError)
      throw invalidField('body.__proto__', 'rule.unknownField', 'not a field of this form');
    if (error instanceof errors.FieldsLimitError)
      throw invalidField('body', 'rule.tooMany', 'too many fields');
    if (error instanceof AppError) throw error;
    // Anything else the parser throws (a truncated or malformed body) says the body was not readable.
    throw invalidField('body', SecurityMessage.fileRequired, 'unreadable multipart body');
  }
  return { values: Object.fromEntries(fields), files };
}

/** The text fields checked against `schema` (no NUL anywhere); 4000 naming each bad field. */
export function checkFormFields<S extends TSchema>(
  request: FastifyRequest,
  schema: S,
  values: Record<string, string>,
): Static<S> {
  if (holdsNul(values)) throw nulRefused('body');
  const validate = request.compileValidationSchema(schema);
  if (!validate(values))
    throw Errors.invalid(undefined, fieldErrors('body', (validate.errors ?? []) as never[]));
  return values as Static<S>;
}

/**
 * Reads the whole body. `tooLarge` is the message key answered when the file passes `maxBytes`. The file is
 * optional here: whether a form needs one is the caller's rule.
 */
export async function readMultipartForm<S extends TObject>(
  request: FastifyRequest,
  schema: S,
  maxBytes: number,
  tooLarge: string,
): Promise<MultipartForm<S>> {
  const { values, files } = await readMultipartParts(request, {
    fileField: 'file',
    maxFiles: 1,
    maxBytes,
    fieldCount: Object.keys(schema.properties).length,
    fieldSize: 16_384,
    tooLarge,
    tooMany: 'rule.tooMany',
  });
  return { file: files[0] ?? null, fields: checkFormFields(request, schema, values) };
}

/** A file name safe for Content-Disposition: the plain ASCII fallback and the RFC 5987 UTF-8 form. */
export function attachmentDisposition(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').trim() || 'download';
  const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
