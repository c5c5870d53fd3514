import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from './db-errors';
import { HttpError } from './http-error';

interface FieldError {
  field: string;
  message: string;
}

/** Every error leaves as `{ detail }` (validation adds `errors`); never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        field:
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      const detail = first ? `${first.field}: ${first.message}` : 'Invalid request';
      return reply.code(422).send({ detail, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ detail: 'Malformed JSON body' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'Request body is empty' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ detail: 'Unsupported content type' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'Request body is too large' });
    }
    if (error instanceof SyntaxError) return reply.code(400).send({ detail: 'Malformed JSON body' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || 'Bad request' });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database is out of reach: answered 503');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ detail: 'The service is briefly unavailable. Try again in a few seconds.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
}
