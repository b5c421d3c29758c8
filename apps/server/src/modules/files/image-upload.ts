import { randomUUID } from 'node:crypto';
import { ImageUploadLimits, SecurityMessage, validateUploadName } from '@sunfleet/contracts';
import type { FastifyRequest } from 'fastify';
import type Sharp from 'sharp';
import { holdsNul, nulRefused } from '../../lib/text.js';
import { Errors, type AppError } from '../../lib/errors.js';

// Loaded on the first upload: processes that serve no uploads (jobs, ingest) never load the native library.
let sharpModule: Promise<typeof Sharp> | null = null;
const loadSharp = (): Promise<typeof Sharp> => (sharpModule ??= import('sharp').then((m) => m.default));

/** Decoding more pixels than this is refused: a small file can declare a huge image (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface CleanImage {
  id: string;
  mime: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

const reject = (rule: string, message: string): AppError =>
  Errors.invalid(rule, [{ field: 'body.file', rule, message }]);

/**
 * Reads the single `file` part of a multipart request, at most ImageUploadLimits.maxBytes. Other parts
 * are not read; a missing part, a wrong field name or an oversized file answer 4000 and store nothing.
 */
export async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw reject(SecurityMessage.fileRequired, 'expected multipart/form-data');
  let part;
  try {
    part = await request.file({
      limits: { files: 1, fileSize: ImageUploadLimits.maxBytes, fields: 5, parts: 6 },
    });
  } catch {
    throw reject(SecurityMessage.fileRequired, 'unreadable multipart body');
  }
  if (part === undefined || part.fieldname !== 'file') {
    part?.file.resume();
    throw reject(SecurityMessage.fileRequired, "expected one file in the field 'file'");
  }
  if (holdsNul(part.filename)) {
    part.file.resume();
    throw nulRefused('body.file');
  }
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw reject(SecurityMessage.fileTooLarge, `larger than ${ImageUploadLimits.maxBytes} bytes`);
    throw reject(SecurityMessage.fileRequired, 'unreadable file');
  }
}

/**
 * Allow-list by name AND content (ENGINEERING §5): the extension must be png/jpg/jpeg and the bytes must
 * decode as PNG or JPEG. The image is then re-encoded — orientation applied, metadata stripped, scaled into
 * maxEdge × maxEdge — so whatever else the file carried (EXIF, GPS, an appended script) is not kept.
 */
export async function cleanImage(filename: string, bytes: Buffer, maxEdge: number): Promise<CleanImage> {
  const nameFailure = validateUploadName(filename, 'image');
  if (nameFailure !== null) throw reject(nameFailure, 'only .png, .jpg or .jpeg');
  const notAnImage = (): AppError =>
    reject(SecurityMessage.imageContentInvalid, 'content is not PNG or JPEG');
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (format !== 'png' && format !== 'jpeg') throw notAnImage();
  try {
    const pipeline = sharp(bytes, options)
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true });
    const out =
      format === 'png'
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
        : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { id: randomUUID(), mime: format === 'png' ? 'image/png' : 'image/jpeg', bytes: out };
  } catch {
    throw notAnImage();
  }
}

export function extensionOf(mime: string): string {
  return mime === 'image/png' ? 'png' : 'jpg';
}
