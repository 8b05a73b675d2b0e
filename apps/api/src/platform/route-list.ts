import type { FastifyInstance } from 'fastify';

export type RegisteredRoute = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as registered (Fastify's onRoute), for tests that must walk all of them. */
    apiRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Starts collecting the `/api/` routes registered from here on (call it before the modules'
 * routes). HEAD routes Fastify adds beside each GET are left out: they answer as the GET does.
 */
export function collectApiRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
}
