import { randomBytes } from 'node:crypto';

import type { Connection, NormalisedMessage, UserSnapshot } from '@app/contracts';
import { connectionFixture } from '@app/platform/testing';

let sequence = 0;
const now = () => new Date().toISOString();

export function aConnection(overrides: Partial<Connection> & Pick<Connection, 'id' | 'companyId'>): Connection {
  return connectionFixture(overrides.companyId, overrides.id, {
    number: '5511900000000',
    isDefault: true,
    queues: (overrides.queueIds ?? []).map((id) => ({ id })),
    provider: 'simulator',
    ...overrides,
  });
}

export function aUser(overrides: Partial<UserSnapshot> & Pick<UserSnapshot, 'id' | 'companyId'>): UserSnapshot {
  return {
    name: `Usuário ${overrides.id}`,
    email: `user${overrides.id}@example.com`,
    profile: 'user',
    super: false,
    allTicket: 'desabled',
    whatsappId: null,
    queueIds: [],
    online: false,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  };
}

/** A text message from a contact; timestamps increase with each call so order is well defined. */
export function anInboundText(from: string, body: string, overrides: Partial<NormalisedMessage> = {}): NormalisedMessage {
  sequence += 1;
  return {
    id: randomBytes(10).toString('hex').toUpperCase(),
    fromMe: false,
    isGroup: false,
    chat: { number: from, lid: null, pushName: `Cliente ${from.slice(-4)}` },
    sender: { number: from, lid: null, pushName: `Cliente ${from.slice(-4)}` },
    kind: 'text',
    mediaType: 'chat',
    body,
    media: null,
    ptt: false,
    location: null,
    vcards: [],
    reaction: null,
    quotedId: null,
    isForwarded: false,
    ack: 0,
    timestamp: new Date(Date.UTC(2026, 0, 1) + sequence * 1000).toISOString(),
    ...overrides,
  };
}
