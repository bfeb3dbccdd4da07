import type { ApiRoute, ErrorCode } from '@cinegrade/contract';
import { MESSAGES } from '@cinegrade/contract';
import type { z } from 'zod';

/** An error answered by the API (or the network), carrying the message a person should read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly field?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface CallOptions<R extends ApiRoute> {
  body?: In<R['body']>;
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/**
 * Calls a route of the contract. The answer is parsed with the route's response schema, so the
 * screens work with exactly the types the server promises.
 */
export async function callApi<R extends ApiRoute>(route: R, options: CallOptions<R> = {}): Promise<Out<R['response']>> {
  let path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  const query = Object.entries(options.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (query.length > 0) path += `?${new URLSearchParams(query).toString()}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: route.method.toUpperCase(),
      headers: options.body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  if (!route.response || response.status === 204) return undefined as Out<R['response']>;
  const json: unknown = await response.json();
  const parsed = route.response.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'internal', MESSAGES.unexpected);
  return parsed.data as Out<R['response']>;
}

export async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { code?: ErrorCode; message?: string; field?: string; retryAfter?: number };
    return new ApiError(response.status, body.code ?? 'internal', body.message ?? MESSAGES.unexpected, body.field, body.retryAfter);
  } catch {
    return new ApiError(response.status, 'internal', MESSAGES.unexpected);
  }
}
