import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';

const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * Nest's own start-up lines: each module loaded and each of about 250 routes mapped. They go at
 * debug, so a start shows what runs, where, and the login; LOG_LEVEL=debug shows them again.
 */
const NEST_START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestApplication',
]);
const PINO_INFO = 30;

export const isNestStartUpLine = (level: number, first: unknown): boolean =>
  level === PINO_INFO &&
  typeof first === 'object' &&
  first !== null &&
  NEST_START_UP_CONTEXTS.has(String((first as { context?: unknown }).context));

/** JSON logs with a request id: taken from X-Request-Id when the gateway or a client sent one. */
export function loggerParams(serviceName: string, level: string): Params {
  return {
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level,
      base: { service: serviceName },
      hooks: {
        logMethod(args, method, level) {
          if (isNestStartUpLine(level, args[0])) {
            if (this.isLevelEnabled('debug')) this.debug(...args);
            return;
          }
          method.apply(this, args);
        },
      },
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const incoming = request.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,128}$/.test(incoming) ? incoming : randomUUID();
        response.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (request) => QUIET_PATHS.has(request.url?.split('?')[0] ?? '') },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({
          id: request.id,
          method: request.method,
          url: request.url,
        }),
      },
    },
  };
}
