// Reads a feedback form (multipart/form-data): text fields and up to FeedbackLimits.screenshotsMax files in
// the field `files`, each at most screenshotMaxBytes, then checks every screenshot by content (PNG or JPEG,
// re-encoded without metadata: files/image-upload.ts). Nothing is stored here; any problem answers 4000.
import { FeedbackLimits, FeedbackMessage, SecurityMessage } from '@sunfleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { AppError, Errors } from '../../lib/errors.js';
import { checkFormFields, readMultipartParts, type FormFile } from '../../lib/multipart-form.js';
import { invalidField } from '../reference/sql-helpers.js';
import { cleanImage, type CleanImage } from '../files/image-upload.js';

export const SCREENSHOT_FIELD = 'files';

/** The request body may hold every screenshot at its largest plus the text fields. */
export const FEEDBACK_BODY_LIMIT = FeedbackLimits.screenshotsMax * FeedbackLimits.screenshotMaxBytes + 65_536;

export interface FeedbackForm<T> {
  fields: T;
  screenshots: CleanImage[];
}

/** The screenshots checked by name and content, in order; the first bad one answers 4000 naming it. */
async function cleanScreenshots(files: readonly FormFile[]): Promise<CleanImage[]> {
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
  const { values, files } = await readMultipartParts(request, {
    fileField: SCREENSHOT_FIELD,
    maxFiles: FeedbackLimits.screenshotsMax,
    maxBytes: FeedbackLimits.screenshotMaxBytes,
    fieldCount: Object.keys(schema.properties).length,
    fieldSize: FeedbackLimits.textMax * 4 + 16,
    tooLarge: FeedbackMessage.screenshotTooLarge,
    tooMany: FeedbackMessage.tooManyScreenshots,
  });
  if (typeof values.text === 'string') values.text = values.text.trim();
  if (values.text === '') throw invalidField('body.text', FeedbackMessage.textInvalid, 'must not be blank');
  return {
    fields: checkFormFields(request, schema, values) as T,
    screenshots: await cleanScreenshots(files),
  };
}
