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
  online: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};
const announcement = {
  id: 9,
  title: 'Manutenção',
  text: 'Domingo às 22h',
  priority: 1,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};
const envelope = (type: string, payload: unknown, companyId: number | null = 3): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  companyId,
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

  it('an updated user is company-{id}-user update, a deleted one company-{id}-user delete with its id', () => {
    expect(identitySocketMapper.map(envelope('identity.user.updated', { user }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-user', payload: { action: 'update', user } },
    ]);
    expect(identitySocketMapper.map(envelope('identity.user.deleted', { userId: 5, companyId: 3 }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-user', payload: { action: 'delete', userId: 5 } },
    ]);
  });

  it("a login goes to that user's sockets as company-{id}-auth carrying the new session's id", () => {
    const sessionId = randomUUID();
    expect(identitySocketMapper.map(envelope('identity.session.started', { userId: 5, companyId: 3, sessionId }))).toEqual([
      {
        target: { kind: 'user', userId: 5 },
        event: 'company-3-auth',
        payload: { action: 'update', user: { id: 5 }, sessionId },
      },
    ]);
  });

  it('announcements go to every socket as company-announcement', () => {
    expect(identitySocketMapper.map(envelope('identity.announcement.created', { announcement }, null))).toEqual([
      { target: { kind: 'everyone' }, event: 'company-announcement', payload: { action: 'create', record: announcement } },
    ]);
    expect(identitySocketMapper.map(envelope('identity.announcement.deleted', { announcementId: 9 }, null))).toEqual([
      { target: { kind: 'everyone' }, event: 'company-announcement', payload: { action: 'delete', id: 9 } },
    ]);
  });

  it('a company setting goes to that company as company-{id}-settings; global settings go nowhere (payment keys are billing’s, decision 0053)', () => {
    expect(identitySocketMapper.map(envelope('identity.setting.updated', { companyId: 3, key: 'userRating', value: 'enabled' }))).toEqual([
      {
        target: { kind: 'company', companyId: 3 },
        event: 'company-3-settings',
        payload: { action: 'update', setting: { companyId: 3, key: 'userRating', value: 'enabled' } },
      },
    ]);
    expect(identitySocketMapper.map(envelope('identity.setting.updated', { companyId: null, key: 'trial', value: '3' }, null))).toEqual([]);
  });

  it('presence reports, company and plan changes map to nothing', () => {
    expect(
      identitySocketMapper.map(
        envelope('identity.presence.reported', { userId: 5, companyId: 3, online: true, at: new Date().toISOString() }),
      ),
    ).toEqual([]);
    expect(identitySocketMapper.map(envelope('identity.plan.deleted', { planId: 2 }, null))).toEqual([]);
  });

  it('an event it does not know maps to nothing', () => {
    expect(identitySocketMapper.map(envelope('identity.thing.happened', {}))).toEqual([]);
  });

  it('a created-user event with a bad payload is poison, not a socket event', () => {
    expect(() => identitySocketMapper.map(envelope('identity.user.created', { user: { id: 'x' } }))).toThrow();
  });
});
