import { SERVICE_ROUTES, type ServiceName } from '@app/contracts';
import { API_PREFIX } from '@app/platform';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

/**
 * Distributed mode: each /api/<prefix> goes to the service that owns it, path unchanged. The
 * services verify the token themselves; the gateway passes the request id along.
 */
export function mountServiceProxy(app: INestApplication, serviceUrls: Partial<Record<ServiceName, string>>): void {
  for (const [service, prefixes] of Object.entries(SERVICE_ROUTES) as [ServiceName, readonly string[]][]) {
    const target = serviceUrls[service];
    if (!target) throw new Error(`No URL configured for the ${service} service`);
    const proxy = createProxyMiddleware<Request, Response>({
      target,
      changeOrigin: false,
      xfwd: true,
      proxyTimeout: 30_000,
      pathFilter: prefixes.map((prefix) => `/${API_PREFIX}/${prefix}`),
      on: {
        proxyReq: (proxyRequest, request) => {
          const id = request.headers['x-request-id'];
          if (typeof id === 'string') proxyRequest.setHeader('X-Request-Id', id);
        },
        error: (_error, _request, response) => {
          if ('writeHead' in response && !response.headersSent) {
            response.writeHead(502, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify({ error: 'ERR_INTERNAL', message: `${service} service unavailable` }));
          }
        },
      },
    });
    app.use((request: Request, response: Response, next: NextFunction) => proxy(request, response, next));
  }
}
