import type { ApiRoute } from '@cinegrade/contract';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv, SignedIn } from './app-env';
import { HttpError, unauthenticated } from './http-error';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<R extends ApiRoute> {
  c: Context<AppEnv>;
  body: Out<R['body']>;
  query: Out<R['query']>;
  params: Out<R['params']> extends undefined ? Record<string, string> : Out<R['params']>;
  /** The signed-in user; routes with `auth: 'user'` never run without one. */
  user: R['auth'] extends 'user' ? SignedIn : SignedIn | null;
}

export type RouteOutput<R extends ApiRoute> = R['response'] extends z.ZodType ? z.input<R['response']> | Response : Response | undefined | void;

/** Finds the signed-in user of a request, passing any renewed session cookie on to the response. */
export type SessionLookup = (c: Context<AppEnv>) => Promise<SignedIn | null>;

function validationError(error: z.ZodError, where: 'body' | 'query' | 'params'): HttpError {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return new HttpError(400, 'validation_failed', `"${key}" is not a field of this request.`, { field: [...issue.path, key].join('.') });
  }
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : where;
  return new HttpError(400, 'validation_failed', issue?.message ?? `The request ${where} is invalid.`, { field });
}

export const NOT_JSON_MESSAGE = 'This request must be sent as JSON (Content-Type: application/json).';

/** `application/json`, with or without parameters such as `charset`. */
function isJsonType(contentType: string): boolean {
  return contentType.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * The JSON body, refused with 415 when it is sent as anything else (before it is read when the
 * header says so): a form or text/plain post from another page cannot reach a JSON route.
 */
async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const contentType = c.req.header('content-type');
  if (contentType !== undefined && !isJsonType(contentType)) throw new HttpError(415, 'unsupported_media', NOT_JSON_MESSAGE);
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (contentType === undefined) throw new HttpError(415, 'unsupported_media', NOT_JSON_MESSAGE);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'validation_failed', 'The request body is not valid JSON.', { field: 'body' });
  }
}

export interface RouteOptions {
  /** Runs after the session check and before the body is read: cheap refusals (limits) first. */
  before?: (input: { c: Context<AppEnv>; user: SignedIn | null }) => Promise<void>;
}

/**
 * Registers a handler for a route of the contract: the body, query and path parameters are
 * validated with the route's own schemas (400 naming the field), `auth: 'user'` routes answer
 * 401 without a session, and plain return values become JSON with the route's status.
 */
export function registerRoute<R extends ApiRoute>(
  app: Hono<AppEnv>,
  route: R,
  session: SessionLookup,
  handler: (input: RouteInput<R>) => Promise<RouteOutput<R>>,
  options: RouteOptions = {},
): void {
  const path = route.path.replace(/\{(\w+)\}/g, ':$1');
  app.on(route.method.toUpperCase(), path, async (c) => {
    const user = route.auth === 'user' ? await session(c) : null;
    if (route.auth === 'user' && !user) throw unauthenticated();
    await options.before?.({ c, user });
    let params: unknown = c.req.param();
    if (route.params) {
      const parsed = route.params.safeParse(params);
      if (!parsed.success) throw validationError(parsed.error, 'params');
      params = parsed.data;
    }
    let query: unknown = undefined;
    if (route.query) {
      const parsed = route.query.safeParse(c.req.query());
      if (!parsed.success) throw validationError(parsed.error, 'query');
      query = parsed.data;
    }
    let body: unknown = undefined;
    if (route.body) {
      const parsed = route.body.safeParse(await readJson(c));
      if (!parsed.success) throw validationError(parsed.error, 'body');
      body = parsed.data;
    }
    const result = await handler({ c, body, query, params, user } as RouteInput<R>);
    if (result instanceof Response) return result;
    if (route.response) return c.json(result as object, (route.status ?? 200) as 200);
    return c.body(null, (route.status ?? 204) as 204);
  });
}
