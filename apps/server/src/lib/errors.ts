import type { ErrorCode, FieldError } from '@portico/shared';

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
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
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
export const badRequest = (message: string, fieldErrors: FieldError[] = []) => new AppError('BAD_REQUEST', message, fieldErrors);

export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(STATUS) as Array<[ErrorCode, number]>).find(([, s]) => s === status);
  return found ? found[0] : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}
