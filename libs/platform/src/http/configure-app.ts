import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { Logger } from 'nestjs-pino';
import { httpMetricsMiddleware } from '../health/metrics';

export const API_PREFIX = 'api';

/** The HTTP setup every app and every HTTP test shares. */
export function configureHttpApp(app: INestApplication, options: { parseBodies?: boolean } = {}): void {
  const express = app as NestExpressApplication;
  express.useLogger(express.get(Logger));
  express.set('trust proxy', 'loopback');
  express.disable('x-powered-by');
  express.use(cookieParser());
  express.use(httpMetricsMiddleware);
  if (options.parseBodies !== false) express.useBodyParser('json', { limit: '1mb' });
  express.setGlobalPrefix(API_PREFIX, { exclude: ['health', 'ready', 'metrics'] });
}
