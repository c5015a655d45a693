import type { z } from 'zod';

import type { ServiceName } from '../routes';

/**
 * A synchronous call one service makes to another without a user behind it (an AI agent booking an
 * appointment): which service answers it, its name, and the zod schemas of what goes in and what comes
 * back, read by both ends (decision 0050).
 */
export interface ServiceCallDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  owner: ServiceName;
  /** `<owner>.<what>`, unique in the product; the HTTP path is /api/service-calls/{name}. */
  name: string;
  input: I;
  output: O;
}

export const defineServiceCall = <I extends z.ZodType, O extends z.ZodType>(
  definition: ServiceCallDefinition<I, O>,
): ServiceCallDefinition<I, O> => definition;

export type ServiceCallInput<D extends ServiceCallDefinition> = z.input<D['input']>;
export type ServiceCallOutput<D extends ServiceCallDefinition> = z.output<D['output']>;
