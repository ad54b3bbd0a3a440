import { Hono } from 'hono';
import { authConfigSchema, healthSchema, openApiDocumentSchema } from '../../shared/answers/server.ts';
import { schemaVersion } from '../db/migrate.ts';
import type { AppDeps } from '../deps.ts';
import { describeRoute, type DescribedRoute } from '../openapi/describe.ts';
import { openApiHandler } from '../openapi/document.ts';

/**
 * The server itself: /health (up, and its schema version), /auth-config
 * (where the app signs in) and /openapi.json, the contract, made from every
 * route's description (`routes`: the whole app's, read on the first request).
 */
export function serverRoutes(
  { db, authConfig, publicUrl }: Pick<AppDeps, 'db' | 'authConfig' | 'publicUrl'>,
  routes: () => readonly DescribedRoute[],
) {
  const app = new Hono();
  const getHealthDoc = describeRoute({
    operationId: 'getHealth',
    summary: 'The server is up; its database schema version',
    tag: 'server',
    access: 'public',
    responses: { 200: { description: 'Up.', json: healthSchema } },
  });
  app.get('/health', getHealthDoc, (c) => c.json({ status: 'ok', schema_version: schemaVersion(db) }));

  const getAuthConfigDoc = describeRoute({
    operationId: 'getAuthConfig',
    summary: 'Where to sign in: the identity provider, client id and audience the app uses',
    tag: 'server',
    access: 'public',
    noDatabase: true,
    responses: { 200: { description: 'The sign-in settings.', json: authConfigSchema } },
  });
  app.get('/auth-config', getAuthConfigDoc, (c) => c.json(authConfig, 200, { 'Cache-Control': 'no-cache' }));

  const getOpenApiDocumentDoc = describeRoute({
    operationId: 'getOpenApiDocument',
    summary: 'This document (OpenAPI 3.1)',
    tag: 'server',
    access: 'public',
    noDatabase: true,
    responses: { 200: { description: 'The OpenAPI document.', json: openApiDocumentSchema } },
    etag: true,
  });
  app.get(
    '/openapi.json',
    getOpenApiDocumentDoc,
    openApiHandler(routes, { authority: authConfig.authority, publicUrl }),
  );
  return app;
}
