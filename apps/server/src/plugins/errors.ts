import { ERROR_CODES, type ErrorBody } from '@ads/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

const fieldPath = (instancePath: string, fallback: string): string =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') || fallback;

/** Every failure leaves as {errorCode, error, fields?, ...details}; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // A stream that failed before its first byte (a CSV export) left its headers on the response
    // (Fastify clears only its own copy of the type): the error is JSON, not a file to save, nor the
    // gzip announced for the stream.
    for (const header of ['content-type', 'content-disposition', 'content-encoding']) reply.removeHeader(header);
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      // Details sit at the top level of the body (contracts' ERROR_DETAILS declares them per code).
      const body: ErrorBody = { errorCode: err.errorCode, error: err.message, ...(err.fields && { fields: err.fields }), ...err.details };
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = fieldPath(issue.instancePath, err.validationContext ?? 'request');
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send({
        errorCode: ERROR_CODES.validationFailed,
        error: 'Some fields are not valid.',
        fields,
      } satisfies ErrorBody);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its contract');
    } else if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ errorCode: ERROR_CODES.payloadTooLarge, error: 'The request is too large.' });
    } else if (err.statusCode === 429) {
      return reply.status(429).send({ errorCode: ERROR_CODES.rateLimited, error: 'Too many requests. Please slow down.' });
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type) are safe to explain.
      return reply.status(err.statusCode).send({ errorCode: ERROR_CODES.validationFailed, error: err.message });
    } else {
      request.log.error({ err }, 'unhandled error');
    }
    return reply
      .status(500)
      .send({ errorCode: ERROR_CODES.internal, error: 'Something went wrong on our side. Please try again.' });
  });
});
