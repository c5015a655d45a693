import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@app/contracts';
import { identitySocketMapper } from './identity.mapper';

const user = {
  id: 5,
  name: 'Ana',
  email: 'ana@acme.test',
  profile: 'user' as const,
  super: false,
  companyId: 3,
  allTicket: 'desabled' as const,
  whatsappId: null,
  queueIds: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};
const envelope = (type: string, payload: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  companyId: 3,
  key: '5',
  occurredAt: new Date().toISOString(),
  payload,
});

describe('identity socket mapper', () => {
  it("a created user goes to its own company's sockets as company-{id}-user create", () => {
    expect(identitySocketMapper.map(envelope('identity.user.created', { user }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-user', payload: { action: 'create', user } },
    ]);
  });

  it('an event it does not know maps to nothing', () => {
    expect(identitySocketMapper.map(envelope('identity.thing.happened', {}))).toEqual([]);
  });

  it('a created-user event with a bad payload is poison, not a socket event', () => {
    expect(() => identitySocketMapper.map(envelope('identity.user.created', { user: { id: 'x' } }))).toThrow();
  });
});
