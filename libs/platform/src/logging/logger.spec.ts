import { Writable } from 'node:stream';

import type { Options } from 'pino-http';
import pinoHttp from 'pino-http';

import { loggerParams } from './logger';

function loggerAt(level: string) {
  const lines: Array<{ level: number; msg: string; context?: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const { logger } = pinoHttp(loggerParams('test', level).pinoHttp as Options, stream);
  return { logger, lines };
}

describe('the start-up log', () => {
  test("Nest's route mappings and module loads are debug lines, not info", () => {
    const { logger, lines } = loggerAt('info');
    logger.info({ context: 'RouterExplorer' }, 'Mapped {/api/tickets, GET} route');
    logger.info({ context: 'InstanceLoader' }, 'IdentityModule dependencies initialized');
    logger.info({ context: 'OutboxRelay' }, 'relay started');
    expect(lines.map((line) => line.msg)).toEqual(['relay started']);
  });

  test('LOG_LEVEL=debug shows them again, at debug', () => {
    const { logger, lines } = loggerAt('debug');
    logger.info({ context: 'RoutesResolver' }, 'TicketController {/api/tickets}:');
    expect(lines).toEqual([expect.objectContaining({ level: 20, context: 'RoutesResolver', msg: 'TicketController {/api/tickets}:' })]);
  });

  test('warnings of the same contexts still show at info', () => {
    const { logger, lines } = loggerAt('info');
    logger.warn({ context: 'NestApplication' }, 'something to know');
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'something to know' })]);
  });
});
