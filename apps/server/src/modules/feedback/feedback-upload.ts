// Reads a feedback form (multipart/form-data): text fields and up to FeedbackLimits.screenshotsMax files in
// the field `files`, each at most screenshotMaxBytes, then checks every screenshot by content (PNG or JPEG,
// re-encoded without metadata: files/image-upload.ts). Nothing is stored here; any problem answers 4000.
import { FeedbackLimits, FeedbackMessage, SecurityMessage } from '@sunfleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { AppError, Errors } from '../../lib/errors.js';
import { holdsNul, nulRefused } from '../../lib/text.js';
import { fieldErrors } from '../../plugins/envelope.plugin.js';
import { invalidField } from '../reference/sql-helpers.js';
import { cleanImage, type CleanImage } from '../files/image-upload.js';

export const SCREENSHOT_FIELD = 'files';

/** The request body may hold every screenshot at its largest plus the text fields. */
export const FEEDBACK_BODY_LIMIT = FeedbackLimits.screenshotsMax * FeedbackLimits.screenshotMaxBytes + 65_536;

export interface FeedbackForm<T> {
  fields: T;
  screenshots: CleanImage[];
}

interface RawFile {
  fileName: string;
  bytes: Buffer;
}

async function readParts(
  request: FastifyRequest,
  fieldNames: readonly string[],
): Promise<{ values: Record<string, string>; files: RawFile[] }> {
  if (!request.isMultipart())
    throw invalidField('body', SecurityMessage.fileRequired, 'expected multipart/form-data');
  const values = new Map<string, string>();
  const files: RawFile[] = [];
  const max = FeedbackLimits.screenshotMaxBytes;
  try {
    for await (const part of request.parts({
      limits: {
        files: FeedbackLimits.screenshotsMax,
        fileSize: max,
        fields: fieldNames.length + 2,
        fieldSize: FeedbackLimits.textMax * 4 + 16,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== SCREENSHOT_FIELD) {
          part.file.resume();
          throw invalidField(
            `body.${part.fieldname}`,
            'rule.unknownField',
            "screenshots go in the field 'files'",
          );
        }
        if (holdsNul(part.filename)) {
          part.file.resume();
          throw nulRefused(`body.${SCREENSHOT_FIELD}`);
        }
        files.push({ fileName: part.filename, bytes: await part.toBuffer() });
      } else {
        if (typeof part.value !== 'string')
          throw invalidField(`body.${part.fieldname}`, 'rule.type', 'must be text');
        if (part.fieldnameTruncated || part.valueTruncated)
          throw invalidField(`body.${part.fieldname}`, 'rule.tooLong', 'too long');
        values.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    const errors = request.server.multipartErrors;
    if (error instanceof errors.RequestFileTooLargeError)
      throw invalidField(
        `body.${SCREENSHOT_FIELD}`,
        FeedbackMessage.screenshotTooLarge,
        `larger than ${max} bytes`,
      );
    if (error instanceof errors.FilesLimitError)
      throw invalidField(
        `body.${SCREENSHOT_FIELD}`,
        FeedbackMessage.tooManyScreenshots,
        `at most ${FeedbackLimits.screenshotsMax} screenshots`,
      );
    if (error instanceof errors.PrototypeViolationError)
      throw invalidField('body.__proto__', 'rule.unknownField', 'not a field of this form');
    if (error instanceof errors.FieldsLimitError)
      throw invalidField('body', 'rule.tooMany', 'too many fields');
    if (error instanceof AppError) throw error;
    throw invalidField('body', SecurityMessage.fileRequired, 'unreadable multipart body');
  }
  return { values: Object.fromEntries(values), files };
}

/** The screenshots checked by name and content, in order; the first bad one answers 4000 naming it. */
async function cleanScreenshots(files: readonly RawFile[]): Promise<CleanImage[]> {
  const out: CleanImage[] = [];
  for (const [i, file] of files.entries()) {
    if (file.bytes.length === 0)
      throw invalidField(`body.${SCREENSHOT_FIELD}.${i}`, SecurityMessage.imageContentInvalid, 'empty file');
    try {
      out.push(await cleanImage(file.fileName, file.bytes, FeedbackLimits.screenshotMaxEdgePx));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The same rule, named after this form's field and the file's place in it.
      throw Errors.invalid(
        error.enMsg,
        (error.data ?? []).map((f) => ({ ...f, field: `body.${SCREENSHOT_FIELD}.${i}` })),
      );
    }
  }
  return out;
}

/**
 * The whole form, checked: the text fields against `schema` (after trimming, a blank text is refused),
 * then every screenshot. Answers only when everything is valid.
 */
export async function readFeedbackForm<T extends { text: string }>(
  request: FastifyRequest,
  schema: TSchema & { properties: Record<string, unknown> },
): Promise<FeedbackForm<T>> {
  const { values, files } = await readParts(request, Object.keys(schema.properties));
  if (holdsNul(values)) throw nulRefused('body');
  if (typeof values.text === 'string') values.text = values.text.trim();
  if (values.text === '') throw invalidField('body.text', FeedbackMessage.textInvalid, 'must not be blank');
  const validate = request.compileValidationSchema(schema);
  if (!validate(values))
    throw Errors.invalid(undefined, fieldErrors('body', (validate.errors ?? []) as never[]));
  return { fields: values as unknown as T, screenshots: await cleanScreenshots(files) };
}
