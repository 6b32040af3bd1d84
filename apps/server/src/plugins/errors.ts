import type { ErrorEnvelope, FieldError } from '@portico/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, codeForStatus } from '../lib/errors';
import { RateLimited } from '../lib/rate-limit';

function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
}

function body(code: ErrorEnvelope['code'], message: string, errors: FieldError[] = []): ErrorEnvelope {
  return { isSuccessful: false, code, message, errors, results: [], totalResults: 0, totalPages: 0 };
}

/** One handler turns every failure into the error envelope; nothing internal leaks to the caller. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    if (error instanceof ZodError) {
      return reply
        .code(400)
        .send(body('BAD_REQUEST', 'There are problems with your request. Please check the values provided.', fieldErrorsOf(error)));
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(body(error.code, error.message, error.fieldErrors));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again later.'));
    }
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request is too large.'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'The request must be sent as JSON.'
          : status === 400
            ? 'The request could not be read. Please check the values provided.'
            : error.message;
    return reply.code(status).send(body(codeForStatus(status), message));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(body('NOT_FOUND', `No such call: ${req.method} ${req.url.split('?')[0]}`));
  });
}
