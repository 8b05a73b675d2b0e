import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI 3.1 document, generated from the contract schemas the routes validate with. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ATS API',
        version: '1.0.0',
        description:
          'Ответ всегда {code, status, message}; HTTP-статус равен code. Авторизация: заголовок X-DCRT-HRM-AUTH или cookie auth_token.',
      },
      components: {
        securitySchemes: {
          authHeader: { type: 'apiKey', in: 'header', name: 'X-DCRT-HRM-AUTH' },
          authCookie: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
        },
      },
      security: [{ authHeader: [] }, { authCookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(
    '/api/docs/openapi.json',
    { config: { auth: 'none' }, schema: { hide: true } },
    async () => app.swagger(),
  );
}
