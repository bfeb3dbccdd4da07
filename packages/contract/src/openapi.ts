import { z } from 'zod';
import type { ApiRoute } from './api-route';
import { ErrorResponse } from './errors';

type JsonObject = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'A field is invalid; `field` names it.',
  401: 'Not signed in.',
  403: 'Signed in, but this tier or state may not do it.',
  404: 'No such thing belonging to you.',
  409: 'Conflicts with the current state.',
  413: 'Too large.',
  415: 'Not a supported kind of file.',
  422: 'Well formed, but the content cannot be read (a damaged picture); `message` says so for a person.',
  429: 'Too many attempts or requests; `retryAfter` and the Retry-After header say how many seconds to wait.',
  500: 'Something failed on our side; `requestId` is in the server log.',
  503: 'Temporarily unavailable.',
};

/**
 * Builds the OpenAPI 3.1 document of the whole API from the route descriptions and their zod
 * schemas, so the document can never drift from what the server validates.
 */
export function buildOpenApiDocument(
  routes: Record<string, ApiRoute>,
  info: { title: string; version: string },
  options: { /** Write routes the per-user write limit does not count (no 429 listed). */ writeLimitExempt?: ReadonlySet<string> } = {},
): JsonObject {
  const components = new Components();
  const paths: Record<string, Record<string, JsonObject>> = {};
  const errorRef = components.add('ErrorResponse', ErrorResponse, 'output');

  for (const [name, route] of Object.entries(routes)) {
    const operation: JsonObject = { operationId: name, summary: route.summary, tags: [route.tag] };
    const parameters: JsonObject[] = [];
    for (const [where, schema] of [['path', route.params], ['query', route.query]] as const) {
      if (!schema) continue;
      const json = toJson(schema, 'input');
      const required = new Set((json.required as string[] | undefined) ?? []);
      for (const [param, paramSchema] of Object.entries((json.properties as Record<string, JsonObject>) ?? {})) {
        parameters.push({ name: param, in: where, required: where === 'path' || required.has(param), schema: paramSchema });
      }
    }
    for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
      const param = match[1] ?? '';
      if (!parameters.some((p) => p.name === param && p.in === 'path')) {
        parameters.push({ name: param, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    if (parameters.length > 0) operation.parameters = parameters;
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: components.add(`${capitalise(name)}Body`, route.body, 'input') } },
      };
    }
    const responses: Record<string, JsonObject> = {};
    const status = route.status ?? (route.response || route.produces ? 200 : 204);
    if (route.produces === 'redirect') {
      responses['302'] = { description: 'Redirects to the web app.' };
    } else if (route.response) {
      responses[String(status)] = {
        description: 'Success.',
        content: { [route.produces ?? 'application/json']: { schema: components.add(`${capitalise(name)}Response`, route.response, 'output') } },
      };
    } else if (route.produces) {
      responses[String(status)] = { description: 'Success.', content: { [route.produces]: {} } };
    } else {
      responses[String(status)] = { description: 'Done; no body.' };
    }
    const errorStatuses = new Set([500, ...(route.errors ?? [])]);
    if (route.body || route.query || route.params) errorStatuses.add(400);
    if (route.auth === 'user') errorStatuses.add(401);
    // Writes count against the writer's limit (WRITE_RATE_LIMITS) unless `options.writeLimitExempt` names them.
    if (route.method !== 'get' && !options.writeLimitExempt?.has(route.path)) errorStatuses.add(429);
    for (const code of [...errorStatuses].sort()) {
      responses[String(code)] = { description: STATUS_TEXT[code] ?? 'Error.', content: { 'application/json': { schema: errorRef } } };
    }
    operation.responses = responses;
    if (route.auth === 'user') operation.security = [{ sessionCookie: [] }];
    const pathItem = (paths[route.path] ??= {});
    pathItem[route.method] = operation;
  }

  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'cinegrade.session_token' } },
    },
  };
}

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  return json;
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Rewrites JSON Schema `#/$defs/X` references into OpenAPI component references. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(inner);
    }
    return out;
  }
  return value;
}

/** Named schemas of the document; a schema's own `.meta({ id })` wins over the generated name. */
class Components {
  readonly schemas: Record<string, JsonObject> = {};

  add(fallbackName: string, schema: z.ZodType, io: 'input' | 'output'): JsonObject {
    const json = rewriteRefs(toJson(schema, io)) as JsonObject;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) this.put(id, def);
    if (typeof json.$ref === 'string' && Object.keys(json).length === 1) return json;
    const id = z.globalRegistry.get(schema)?.id ?? fallbackName;
    return { $ref: `#/components/schemas/${this.put(id, json)}` };
  }

  private put(id: string, json: JsonObject): string {
    const existing = this.schemas[id];
    if (existing && JSON.stringify(existing) !== JSON.stringify(json)) {
      // The same schema can read differently as input and output (defaults, transforms).
      return this.put(`${id}_`, json);
    }
    this.schemas[id] = json;
    return id;
  }
}
