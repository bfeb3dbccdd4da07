import type { z } from 'zod';

export type HttpMethod = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One API route as data: the server registers its handler against this description and
 * validates with its schemas; the OpenAPI document is generated from the same objects.
 * Paths use OpenAPI's `{param}` syntax.
 */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** 'user' routes answer 401 without a session. */
  auth: 'none' | 'user';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer. Omitted for routes that answer with no body. */
  response?: z.ZodType;
  /** Defaults to 200 (204 when there is no response schema). */
  status?: number;
  /** For routes that do not answer JSON (a file, an event stream, a redirect). */
  produces?: 'application/octet-stream' | 'application/zip' | 'text/event-stream' | 'redirect' | 'application/json' | 'text/plain';
  /** Error statuses this route documents besides 400/401/500. */
  errors?: readonly number[];
}

export function defineRoutes<T extends Record<string, ApiRoute>>(routes: T): T {
  return routes;
}
