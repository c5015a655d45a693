import { CLOUD_WEBHOOK_PATH } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { type NextFunction, raw, type Request, type Response } from 'express';
import { Logger } from 'nestjs-pino';

import { httpMetricsMiddleware } from '../health/metrics';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { StorableTextPipe } from './input-validation';
import { refuseDeepJson } from './json-nesting';
import { securityHeaders } from './security-headers';

export const API_PREFIX = 'api';

/** The HTTP setup every app and every HTTP test shares. */
export function configureHttpApp(app: INestApplication, options: { parseBodies?: boolean } = {}): void {
  const express = app as NestExpressApplication;
  express.useLogger(express.get(Logger));
  express.set('trust proxy', trustProxySetting(express.get<PlatformOptions>(PLATFORM_OPTIONS).trustProxy));
  express.disable('x-powered-by');
  express.use(securityHeaders());
  express.use(cookieParser());
  // API answers carry tokens and tenants' data: no browser or proxy cache keeps them (a route may say otherwise).
  express.use(`/${API_PREFIX}`, (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  express.use(httpMetricsMiddleware);
  if (options.parseBodies !== false) {
    // Meta's webhooks are signed over their exact bytes: they reach the route as a Buffer (at most 3 MB,
    // Meta's own cap) and nothing parses them before the route has checked the signature; the one
    // nesting limit still holds (a scan, not a parse).
    express.use(`/${API_PREFIX}/${CLOUD_WEBHOOK_PATH}`, raw({ type: () => true, limit: '3mb', verify: refuseDeepJson }));
    // Every JSON body, on every route: at most 1 MB and MAX_JSON_NESTING levels deep (400 otherwise).
    express.useBodyParser('json', { limit: '1mb', verify: refuseDeepJson });
  }
  // Text PostgreSQL cannot store is refused in every body, query and param, before any route sees it.
  express.useGlobalPipes(new StorableTextPipe());
  express.setGlobalPrefix(API_PREFIX, { exclude: ['health', 'ready', 'metrics'] });
}

/**
 * Express's `trust proxy` from TRUST_PROXY: which hops may say the client's address and protocol
 * (X-Forwarded-For, X-Forwarded-Proto). Default: loopback, i.e. our own gateway on this host.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value) return 'loopback';
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
