import type { ErrorResponse } from '@cinegrade/contract';
import { MESSAGES } from '@cinegrade/contract';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../platform/logger';
import type { AppEnv } from './app-env';
import { HttpError } from './http-error';

/**
 * The one error handler (docs/engineering-rules.md, 'Errors'): known errors become `{ code, message }` with their status;
 * anything else is a 500 with a request id that also appears in the log.
 */
export function createErrorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>): Response => {
    const requestId = c.get('requestId');
    if (error instanceof HttpError) {
      const body: ErrorResponse = { code: error.code, message: error.message, ...error.extra };
      if (error.extra.retryAfter) c.header('Retry-After', String(error.extra.retryAfter));
      return c.json(body, error.status as 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 413 ? 'payload_too_large' : 'validation_failed';
      return c.json({ code, message: error.message || 'The request could not be read.' } satisfies ErrorResponse, error.status);
    }
    logger.error('Unhandled error', { requestId, method: c.req.method, path: c.req.path, error });
    return c.json({ code: 'internal', message: MESSAGES.unexpected, requestId } satisfies ErrorResponse, 500);
  };
}
