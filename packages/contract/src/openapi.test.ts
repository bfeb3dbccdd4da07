import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API } from './index';
import { buildOpenApiDocument } from './openapi';

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument(API, { title: 'Cinegrade', version: 'test' }) as {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown>; parameters?: { name: string }[] }>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };

  it('lists every route of the contract under its method', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of Object.values(API)) {
      expect(doc.paths[route.path]?.[route.method], `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('describes request bodies from the zod schemas', () => {
    const signUp = doc.paths['/api/auth/sign-up']?.post;
    expect(signUp?.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/SignUpRequest' } } } });
    expect(Object.keys(doc.components.schemas.SignUpRequest?.properties ?? {})).toEqual(['fullName', 'email', 'password']);
  });

  it('documents 401 on signed-in routes and 400 where input is validated', () => {
    expect(doc.paths['/api/settings']?.put?.responses).toHaveProperty('401');
    expect(doc.paths['/api/settings']?.put?.responses).toHaveProperty('400');
    expect(doc.paths['/api/health']?.get?.responses).not.toHaveProperty('401');
  });

  it('turns query schemas into parameters', () => {
    expect(doc.paths['/api/auth/verify-email']?.get?.parameters?.map((p) => p.name)).toEqual(['token']);
  });
});

describe('request bodies', () => {
  it('refuse unknown fields on every route, as the docs promise ("x" is not a field of this request)', () => {
    const loose: string[] = [];
    for (const [name, route] of Object.entries(API)) {
      const body = (route as { body?: z.ZodType }).body;
      if (!body) continue;
      const parsed = body.safeParse({ notAFieldOfAnyRequest: 1 });
      if (parsed.success || !parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys')) loose.push(name);
    }
    expect(loose).toEqual([]);
  });
});
