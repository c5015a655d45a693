import { contactDeleted, contactSaved, type EventEnvelope, TOPICS } from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ContactRepository } from './contact.repository';

export const CONVERSATIONS_EVENTS_CONSUMER = 'outbound-conversations';

/** Keeps the companies' contacts (name, number) from conversations' events, for the appointments. */
@Injectable()
export class ConversationsEventsConsumer implements EventConsumer {
  readonly subscription = { groupId: CONVERSATIONS_EVENTS_CONSUMER, topics: [TOPICS.conversationsEvents] };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly contacts: ContactRepository,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const saved = readEvent(contactSaved, envelope);
    const deleted = envelope.companyId ? readEvent(contactDeleted, envelope) : null;
    if (!saved && !deleted) return;
    await this.processed.consumeOnce(CONVERSATIONS_EVENTS_CONSUMER, envelope, async (manager) => {
      if (saved) await this.contacts.upsert(manager, saved.contact);
      if (deleted) await this.contacts.delete(manager, envelope.companyId!, deleted.contactId);
    });
  }
}
