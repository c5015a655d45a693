import { Injectable } from '@nestjs/common';

import { CampaignShippingRepository } from './campaign-shipping.repository';

/** How long whether a connection has confirmations awaiting their answer is taken as known. */
const KNOWN_FOR_MS = 1_000;

/**
 * Whether a contact's message answers a campaign's confirmation. Every message a connection receives
 * is asked about, so whether the connection has any confirmation awaiting at all is read at most once
 * a second per connection, and the number looked up only when it has. A confirmation's answer comes
 * after WhatsApp delivered it and the contact read it: seconds, not the second this may lag by.
 */
@Injectable()
export class ConfirmationWatch {
  private readonly awaiting = new Map<number, { any: Promise<boolean>; at: number }>();

  constructor(private readonly shipping: CampaignShippingRepository) {}

  async answers(connectionId: number, number: string): Promise<boolean> {
    const now = Date.now();
    let known = this.awaiting.get(connectionId);
    if (!known || now - known.at > KNOWN_FOR_MS) {
      known = { any: this.shipping.awaitsAny(connectionId), at: now };
      this.awaiting.set(connectionId, known);
      known.any.catch(() => this.awaiting.delete(connectionId));
    }
    return (await known.any) && (await this.shipping.awaits(connectionId, number));
  }
}
