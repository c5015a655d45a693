import { existsSync } from 'node:fs';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const NOT_SPA = /^\/(api|socket\.io|health|ready|metrics)(\/|$)/;

/** Serves the built web app: its files, and index.html for every other GET so deep links work. */
export function mountWebApp(app: INestApplication, webDist: string): boolean {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  const express = app as NestExpressApplication;
  express.useStaticAssets(webDist, { index: false, maxAge: '1h' });
  express.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || NOT_SPA.test(request.path)) return next();
    if (!request.accepts('html')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
