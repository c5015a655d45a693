import { createHash, timingSafeEqual } from 'node:crypto';

import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/**
 * Ids a request named that this service's copy of another service's records did not have, by kind
 * and by what the owner said: `filled` (the copy took it), `unknown` (not the caller company's, or gone).
 * Decision 0039.
 */
export const projectionReadThroughs = new Counter({
  name: 'projection_read_through_total',
  help: "Ids missing from a copy of another service's records, asked of their owner, by kind and outcome",
  labelNames: ['kind', 'outcome'] as const,
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

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request may read /metrics: 'off' while no METRICS_TOKEN is configured (the endpoint does
 * not exist), 'denied' without `Authorization: Bearer <token>`. Compared in constant time.
 */
export function metricsAccess(token: string | undefined, authorization: string | undefined): 'off' | 'denied' | 'granted' {
  if (!token) return 'off';
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (!presented) return 'denied';
  return timingSafeEqual(digest(presented), digest(token)) ? 'granted' : 'denied';
}
