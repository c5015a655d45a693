import type { z } from 'zod';

import type { TopicName } from '../topics';

export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  topic: TopicName;
  payload: S;
}

export function defineEvent<T extends string, S extends z.ZodType>(definition: EventDefinition<T, S>) {
  return definition;
}

export type EventPayload<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;
