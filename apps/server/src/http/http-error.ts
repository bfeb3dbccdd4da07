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

/**
 * A picture sent for analysis that is well formed but cannot be read (422): the message is for the
 * person who sent it, the field names the frame for a program.
 */
export const unreadableFrame = (field: string, message: string) => new HttpError(422, 'unsupported_media', message, { field });
