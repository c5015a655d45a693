import { OwnedRecordLookup } from '@app/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';

import { ContactService } from '../contacts/contact.service';
import { MessageService } from '../messages/message.service';
import { QueueService } from '../queues/queue.service';
import { TagService } from '../tags/tag.service';

/**
 * Conversations answers its contacts, tags, queues and a ticket's messages (the copilot's) in its own process to the services that keep
 * copies of them and do not have one yet (standalone; decision 0039). Over HTTP the same answers are
 * GET /contacts/:id, /tags/:id, /queue/:id and /messages/:ticketId.
 */
@Injectable()
export class ConversationsRecordAnswers implements OnModuleInit {
  constructor(
    private readonly lookup: OwnedRecordLookup,
    private readonly contacts: ContactService,
    private readonly tags: TagService,
    private readonly queues: QueueService,
    private readonly messages: MessageService,
  ) {}

  onModuleInit(): void {
    this.lookup.answer('contact', (tenancy, id) => this.contacts.get(tenancy, id));
    this.lookup.answer('tag', (tenancy, id) => this.tags.get(tenancy, id));
    this.lookup.answer('queue', (tenancy, id) => this.queues.get(tenancy, id));
    this.lookup.answer('ticketMessages', (tenancy, id) => this.messages.list(tenancy, id, { pageNumber: 1 }));
  }
}
