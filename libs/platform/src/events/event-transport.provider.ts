import { ALL_TOPICS } from '@app/contracts';
import { Logger } from '@nestjs/common';

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
  await transport.start();
  if (transport.kind === 'kafka') readiness.register('kafka', () => transport.checkHealth());
  return transport;
}
