import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA from the same port as the API. Hashed files under /assets are cached for a
 * year; index.html is never cached. A GET for a path without an extension outside /api and
 * /assets gets index.html (client-side routing); a missing asset or API path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      cacheControl: false, // our setHeaders decides
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  // Read once: index.html changes only with a new build, and a new build means a new process.
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isSpaRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api') &&
      !url.startsWith('/assets/') &&
      !path.extname(url);
    if (isSpaRoute && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    return reply
      .status(404)
      .type('application/json')
      .send({ code: 'not_found', message: `No route for ${request.method} ${url}`, requestId: request.id });
  });

  if (hasBuild) {
    // "/" is a route of its own so it is not answered by the static plugin's directory handling.
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml),
    );
  }
}
