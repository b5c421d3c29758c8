// The feedback forms' body and the checks a picked screenshot meets before it is sent: the same limits the
// server applies (contracts FeedbackLimits); the server still judges every file by its content.
import { FeedbackLimits, FeedbackMessage, validateUploadName, type FeedbackType } from '@sunfleet/contracts';

/** Why a picked screenshot is refused before upload (a translation key), or null when it may go. */
export function screenshotProblem(file: { name: string; size: number }): string | null {
  const wrongType = validateUploadName(file.name, 'image');
  if (wrongType !== null) return wrongType;
  if (file.size === 0) return 'security.imageContentInvalid';
  return file.size > FeedbackLimits.screenshotMaxBytes ? FeedbackMessage.screenshotTooLarge : null;
}

/** Why a set of screenshots is refused (a translation key), or null. */
export function screenshotsProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > FeedbackLimits.screenshotsMax) return FeedbackMessage.tooManyScreenshots;
  for (const file of files) {
    const problem = screenshotProblem(file);
    if (problem !== null) return problem;
  }
  return null;
}

/** Why a text is refused (a translation key), or null: 1…textMax characters after trimming. */
export function textProblem(text: string | undefined): string | null {
  const trimmed = (text ?? '').trim();
  return trimmed === '' || trimmed.length > FeedbackLimits.textMax ? FeedbackMessage.textInvalid : null;
}

/** The multipart body: the text fields, then each screenshot as a part `files`. */
export function feedbackForm(
  fields: { type?: FeedbackType; text: string },
  files: readonly File[],
): FormData {
  const form = new FormData();
  if (fields.type !== undefined) form.append('type', fields.type);
  form.append('text', fields.text.trim());
  for (const file of files) form.append('files', file, file.name);
  return form;
}
