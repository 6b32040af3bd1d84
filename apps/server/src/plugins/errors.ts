import type { ErrorEnvelope, FieldError } from '@portico/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, codeForStatus } from '../lib/errors';
import { RateLimited } from '../lib/rate-limit';

function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
}

function body(code: ErrorEnvelope['code'], message: string, errors: FieldError[] = [], reason?: ErrorEnvelope['reason']): ErrorEnvelope {
  return { isSuccessful: false, code, ...(reason ? { reason } : {}), message, errors, results: [], totalResults: 0, totalPages: 0 };
}

const INVALID_VALUES = 'There are problems with your request. Please check the values provided.';
/** The words of the safety net's 400: the fuzz test fails on them, since validation should have refused the value. */
export const DATABASE_REFUSED = 'A value of your request could not be used. Please check the values provided.';

/**
 * The safety net behind validation (docs/decisions/0920-input-rules.md): a database error caused by the values of a
 * request (SQLSTATE class 22 "data exception", 54000 "program limit exceeded", a reference to a row that does not
 * exist) is the caller's bad input, a 400, never a 500. Validation before the database is the rule; a hit here is
 * logged as a warning so that the missing rule gets written.
 */
export function databaseInputError(error: unknown): { status: number; message: string } | null {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code.startsWith('22') || code === '54000') return { status: 400, message: DATABASE_REFUSED };
  if (code === '23503') return { status: 400, message: 'The request refers to something that does not exist.' };
  if (code === '23505') return { status: 409, message: 'This conflicts with something that already exists.' };
  return null;
}

/** Router errors (a bad percent-encoding, an over-long path parameter): the envelope, never the URL echoed. */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply
    .code(tooLong ? 414 : 400)
    .send(body('BAD_REQUEST', tooLong ? 'A part of the address is too long.' : 'The address of the request could not be read.'));
}

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request must be sent as JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request could not be read.',
};

/** One handler turns every failure into the error envelope; nothing internal leaks to the caller. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    if (error instanceof ZodError) {
      return reply.code(400).send(body('BAD_REQUEST', INVALID_VALUES, fieldErrorsOf(error)));
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(body(error.code, error.message, error.fieldErrors, error.reason));
    }
    const refused = databaseInputError(error);
    if (refused) {
      req.log.warn({ err: error }, 'the database refused a value that validation let through');
      return reply.code(refused.status).send(body(codeForStatus(refused.status), refused.message));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500 || status < 400) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again later.'));
    }
    // A framework's own 4xx (unreadable JSON, an unknown content type): its status with the portal's words, never its text.
    const message = CLIENT_MESSAGES[error.code] ?? 'The request could not be read. Please check the values provided.';
    return reply.code(status).send(body(codeForStatus(status), message));
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send(body('NOT_FOUND', 'No such call.'));
  });
}
