import { SecurityMessage, Status } from '@sunfleet/contracts';
import { AppError } from '../../lib/errors.js';
import { uniqueViolation, type ConflictField } from './accounts.repository.js';

const CONFLICT: Record<ConflictField, { field: string; key: string }> = {
  username: { field: 'body.username', key: SecurityMessage.usernameExists },
  email: { field: 'body.email', key: SecurityMessage.emailExists },
  mobile: { field: 'body.mobile', key: SecurityMessage.mobileExists },
};

/** 4009 naming the taken field, e.g. "Mobile No. already exists" on body.mobile. */
export function conflictError(field: ConflictField): AppError {
  const { field: path, key } = CONFLICT[field];
  return new AppError(Status.ALREADY_EXISTS, key, [{ field: path, rule: key, message: `${field} is taken` }]);
}

/** Runs a write and turns a unique-index violation (a concurrent twin slipped past the pre-check) into 4009. */
export async function mapConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = uniqueViolation(error);
    throw field === null ? error : conflictError(field);
  }
}
