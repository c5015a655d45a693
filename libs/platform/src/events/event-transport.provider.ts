import { ALL_TOPICS } from '@app/contracts';
import { Logger } from '@nestjs/common';
import pino from 'pino';

import type { ReadinessRegistry } from '../health/readiness';
import type { PlatformOptions } from '../platform-options';
import type { EventTransport } from './event-transport';
import { InProcessTransport } from './in-process-transport';
import { KafkaTransport } from './kafka-transport';

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');

/** Kafka when brokers are configured (distributed), the in-process bus otherwise (standalone). */
export async function createEventTransport(options: PlatformOptions, readiness: ReadinessRegistry): Promise<EventTransport> {
  const logger = new Logger('EventTransport');
  const log = {
    warn: (obj: unknown, msg?: string) => logger.warn({ ...(obj as object), msg }),
    error: (obj: unknown, msg?: string) => logger.error({ ...(obj as object), msg }),
  };
  const transport: EventTransport = options.kafkaBrokers?.length
    ? new KafkaTransport({ brokers: options.kafkaBrokers, clientId: options.serviceName, topics: ALL_TOPICS, logger: log })
    : new InProcessTransport({ logger: log });
  if (transport.kind === 'kafka') {
    // Nest's logger holds its lines until the app exists, which it does not while this waits: these go out at once.
    const waiting = pino({ level: options.logLevel, base: { service: options.serviceName, context: 'EventTransport' } });
    await startWhenReachable(() => transport.start(), { warn: (message: string) => waiting.warn(message) });
    // Not gating /ready: with the broker gone the API still serves and the outbox keeps the events.
    readiness.register('kafka', () => transport.checkHealth(), { gatesReadiness: false });
  } else {
    await transport.start();
  }
  return transport;
}

/**
 * A broker that cannot be reached at start is waited for (retried with a growing pause, each failure
 * logged) instead of ending the process: a restart would only wait the same way, in a crash loop.
 */
export async function startWhenReachable(
  start: () => Promise<void>,
  logger: Pick<Logger, 'warn'>,
  pauses: { firstMs: number; maxMs: number } = { firstMs: 1_000, maxMs: 30_000 },
): Promise<void> {
  let pauseMs = pauses.firstMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      return;
    } catch (error) {
      logger.warn(
        `Kafka is not reachable (attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}); retrying in ${pauseMs / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      pauseMs = Math.min(pauseMs * 2, pauses.maxMs);
    }
  }
}
