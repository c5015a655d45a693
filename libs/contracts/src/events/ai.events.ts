import { z } from 'zod';

import { agentSchema, promptSchema } from '../api/ai';
import { defineEvent } from './define-event';

const aiEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'ai.events', payload });

/** A prompt was created or changed (its keys masked: no event carries a whole key). */
export const promptSaved = aiEvent('ai.prompt.saved', z.object({ prompt: promptSchema, created: z.boolean() }));
export const promptDeleted = aiEvent('ai.prompt.deleted', z.object({ promptId: z.number().int().positive() }));

/** An agent was created or changed (its keys masked). */
export const agentSaved = aiEvent('ai.agent.saved', z.object({ agent: agentSchema, created: z.boolean() }));
export const agentDeleted = aiEvent('ai.agent.deleted', z.object({ agentId: z.number().int().positive() }));

export const AI_EVENTS = [promptSaved, promptDeleted, agentSaved, agentDeleted];
