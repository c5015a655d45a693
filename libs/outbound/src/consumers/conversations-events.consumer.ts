import {
  contactDeleted,
  contactSaved,
  type EventEnvelope,
  tagDeleted,
  tagSaved,
  ticketDeleted,
  ticketTagsChanged,
  TOPICS,
} from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { LateRecipients } from '../campaigns/dispatch/late-recipients';
import { ContactRepository } from '../projections/contact.repository';
import { TagContactRepository } from '../projections/tag-contact.repository';

export const CONVERSATIONS_EVENTS_CONSUMER = 'outbound-conversations';

/**
 * Keeps what a tag campaign sends to, and whom appointments are for, from conversations' events:
 * tags, contacts, and the tags of each ticket with its contact.
 */
@Injectable()
export class ConversationsEventsConsumer implements EventConsumer {
  readonly subscription = {
    groupId: CONVERSATIONS_EVENTS_CONSUMER,
    topics: [TOPICS.conversationsEvents],
    // Not the tickets' updates (one per message): their tags' changes only.
    eventTypes: [ticketTagsChanged.type, ticketDeleted.type, contactSaved.type, contactDeleted.type, tagSaved.type, tagDeleted.type],
  };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly projection: TagContactRepository,
    private readonly contacts: ContactRepository,
    private readonly lateRecipients: LateRecipients,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const companyId = envelope.companyId;
    if (!companyId) return;
    const tagged = readEvent(ticketTagsChanged, envelope);
    const ticketGone = readEvent(ticketDeleted, envelope);
    const contact = readEvent(contactSaved, envelope)?.contact;
    const contactGone = readEvent(contactDeleted, envelope);
    const tag = readEvent(tagSaved, envelope)?.tag;
    const tagGone = readEvent(tagDeleted, envelope);
    if (!tagged && !ticketGone && !contact && !contactGone && !tag && !tagGone) return;
    await this.processed.consumeOnce(CONVERSATIONS_EVENTS_CONSUMER, envelope, async (manager) => {
      if (tagged)
        await this.projection.setTicket(manager, { id: tagged.ticketId, companyId, contactId: tagged.contactId, tags: tagged.tags });
      if (ticketGone) await this.projection.deleteTicket(manager, companyId, ticketGone.ticketId);
      if (contact) await this.contacts.upsert(manager, contact);
      if (contactGone) {
        await this.projection.deleteTicketsOf(manager, companyId, contactGone.contactId);
        await this.contacts.delete(manager, companyId, contactGone.contactId);
      }
      if (tag) await this.projection.upsertTag(manager, tag);
      if (tagGone) await this.projection.deleteTag(manager, companyId, tagGone.tagId);
      // A contact that now has the tag of a running campaign (its ticket tagged, or the contact itself
      // announced after its tickets) joins it.
      const reached = tagged?.contactId ?? contact?.id;
      if (reached !== undefined) await this.lateRecipients.appeared(manager, companyId, { contactId: reached });
    });
  }
}
