import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { NextFunction, Request, Response } from 'express';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** Times every request; the route label is the matched pattern so ids don't explode the series. */
export function httpMetricsMiddleware(request: Request, response: Response, next: NextFunction): void {
  const end = httpDuration.startTimer();
  response.on('finish', () => {
    const route = (request.route as { path?: string } | undefined)?.path;
    end({
      method: request.method,
      route: route ? `${request.baseUrl}${route}` : 'unmatched',
      status: String(response.statusCode),
    });
  });
  next();
}
