import type { ErrorCode, ErrorReason, FieldError } from '@portico/shared';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PASSWORD_UPDATE_REQUIRED: 403,
  EULA_ACCEPTANCE_REQUIRED: 403,
  SECOND_FACTOR_REQUIRED: 403,
};

/**
 * A refusal with its HTTP-level `code`, the member's words, field errors, and where a screen must tell refusals of one
 * code apart, a stable `reason` from `ERROR_REASONS` (decision 1056).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly reason?: ErrorReason,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const notFound = (what = 'The item') => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message = 'You do not have access to this area.') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', message);
/** A 409 that a screen tells apart by its `reason`. */
export const conflict = (reason: ErrorReason, message: string) => new AppError('CONFLICT', message, [], reason);
export const badRequest = (message: string, fieldErrors: FieldError[] = []) => new AppError('BAD_REQUEST', message, fieldErrors);

export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(STATUS) as Array<[ErrorCode, number]>).find(([, s]) => s === status);
  return found ? found[0] : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}
