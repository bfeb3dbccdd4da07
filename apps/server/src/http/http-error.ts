import type { ErrorCode } from '@cinegrade/contract';

/** The one error type routes and services throw for expected failures (docs/engineering-rules.md, 'Errors'). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { field?: string; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const unauthenticated = (message = 'Please sign in to continue.') => new HttpError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const invalidField = (field: string, message: string) => new HttpError(400, 'validation_failed', message, { field });
