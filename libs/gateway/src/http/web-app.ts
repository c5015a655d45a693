import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { contentSecurityPolicy, cspHeader } from '@app/platform';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const NOT_SPA = /^\/(api|socket\.io|health|ready|metrics)(\/|$)/;

/** The CSP hashes (`sha256-...`) of the inline scripts of a page (index.html sets the colour mode before paint). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1]!)
    .filter((body) => body.length > 0)
    .map((body) => `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
}

/**
 * Serves the built web app: its files, and index.html for every other GET so deep links work.
 * index.html goes out under the app's CSP plus the hashes of its own inline scripts.
 */
export function mountWebApp(app: INestApplication, webDist: string): boolean {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  const csp = cspHeader(contentSecurityPolicy(inlineScriptHashes(readFileSync(index, 'utf8'))));
  const express = app as NestExpressApplication;
  express.useStaticAssets(webDist, { index: false, maxAge: '1h' });
  express.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || NOT_SPA.test(request.path)) return next();
    if (!request.accepts('html')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('Content-Security-Policy', csp);
    response.sendFile(index);
  });
  return true;
}
