import { type ConnectionUpdateBody, GREETING_REQUIRED_MESSAGE } from '@app/contracts';
import { AppError } from '@app/platform';

/** The greeting and queues a connection ends up with after a change. */
export interface GreetingState {
  queueIds: number[];
  greetingMessage: string;
}

/**
 * More than one queue needs a greeting (the contact picks a queue from it); with one queue or none
 * the greeting is cleared when the queues are set.
 */
export function applyGreetingRule(
  current: GreetingState,
  change: Pick<ConnectionUpdateBody, 'queueIds' | 'greetingMessage'>,
): GreetingState {
  const queueIds = change.queueIds ?? current.queueIds;
  let greetingMessage = change.greetingMessage ?? current.greetingMessage;
  if (queueIds.length > 1 && greetingMessage.trim() === '') {
    throw new AppError('ERR_WAPP_GREETING_REQUIRED', GREETING_REQUIRED_MESSAGE, {
      fields: [{ path: 'greetingMessage', message: GREETING_REQUIRED_MESSAGE }],
    });
  }
  if (change.queueIds !== undefined && queueIds.length <= 1) greetingMessage = '';
  return { queueIds: [...new Set(queueIds)], greetingMessage };
}

/** The company's default connection may be replaced by another, never just switched off. */
export function assertDefaultKept(wasDefault: boolean, requested: boolean | undefined): void {
  if (wasDefault && requested === false) {
    throw new AppError('ERR_NO_OTHER_WHATSAPP', 'At least one default WhatsApp connection is required');
  }
}

/** The plan's connection limit; null when the company's plan is not known (yet) to this service. */
export function assertBelowConnectionLimit(count: number, limit: number | null): void {
  if (limit !== null && count >= limit) {
    throw new AppError('ERR_CONNECTION_LIMIT_REACHED', `The plan allows ${limit} connection(s)`, { limit });
  }
}
