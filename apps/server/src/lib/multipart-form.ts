// One multipart form as a whole: at most one file (in the part `file`, at most `maxBytes`) and the text fields
// in any order, checked against a TypeBox schema. Used by uploads that carry fields besides the file
// (platform documents, app releases). Nothing is stored here; any problem answers 4000 naming the field.
import { SecurityMessage } from '@sunfleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { TObject, Static } from 'typebox';
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
  if (!request.isMultipart())
    throw invalidField('body.file', SecurityMessage.fileRequired, 'expected multipart/form-data');
  const fieldCount = Object.keys(schema.properties).length;
  const fields = new Map<string, string>();
  let file: FormFile | null = null;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fileSize: maxBytes, fields: fieldCount + 2, fieldSize: 16_384 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalidField(
            `body.${part.fieldname}`,
            'rule.unknownField',
            "the file goes in the field 'file'",
          );
        }
        if (holdsNul(part.filename)) {
          part.file.resume();
          throw nulRefused('body.file');
        }
        file = { fileName: part.filename, bytes: await part.toBuffer() };
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
      throw invalidField('body.file', tooLarge, `larger than ${maxBytes} bytes`);
    if (error instanceof errors.FilesLimitError)
      throw invalidField('body.file', 'rule.tooMany', 'one file per upload');
    if (error instanceof errors.PrototypeViolationError)
      throw invalidField('body.__proto__', 'rule.unknownField', 'not a field of this form');
    if (error instanceof errors.FieldsLimitError)
      throw invalidField('body', 'rule.tooMany', 'too many fields');
    if (error instanceof AppError) throw error;
    throw invalidField('body', SecurityMessage.fileRequired, 'unreadable multipart body');
  }
  const values = Object.fromEntries(fields);
  if (holdsNul(values)) throw nulRefused('body');
  const validate = request.compileValidationSchema(schema);
  if (!validate(values))
    throw Errors.invalid(undefined, fieldErrors('body', (validate.errors ?? []) as never[]));
  return { file, fields: values as Static<S> };
}

/** A file name safe for Content-Disposition: the plain ASCII fallback and the RFC 5987 UTF-8 form. */
export function attachmentDisposition(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').trim() || 'download';
  const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
