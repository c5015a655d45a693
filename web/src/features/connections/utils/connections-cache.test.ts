import { describe, expect, it } from 'vitest';

import { aConnection, aSession } from '../testing/connection-factory';
import type { Connection } from '../types';
import { applyConnectionEvent, applySessionEvent } from './connections-cache';

describe('live connection list', () => {
  const list: Connection[] = [aConnection({ id: 1, name: 'Vendas' }), aConnection({ id: 2, name: 'Suporte' })];

  it('an update replaces the connection in place, a new one is appended', () => {
    const renamed = applyConnectionEvent(list, { action: 'update', whatsapp: aConnection({ id: 2, name: 'Suporte 2' }) });
    expect(renamed.map((c) => c.name)).toEqual(['Vendas', 'Suporte 2']);
    const added = applyConnectionEvent(list, { action: 'update', whatsapp: aConnection({ id: 3, name: 'Novo' }) });
    expect(added.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('a delete removes the connection', () => {
    expect(applyConnectionEvent(list, { action: 'delete', whatsappId: 1 }).map((c) => c.id)).toEqual([2]);
  });

  it('a session update changes status, qrcode, retries and updatedAt of that connection only', () => {
    const session = aSession(list[0]!, { status: 'qrcode', qrcode: '2@abc', retries: 1, updatedAt: '2026-01-02T03:04:05.000Z' });
    const next = applySessionEvent(list, { action: 'update', session });
    expect(next[0]).toMatchObject({ status: 'qrcode', qrcode: '2@abc', retries: 1, updatedAt: '2026-01-02T03:04:05.000Z', name: 'Vendas' });
    expect(next[1]).toBe(list[1]);
  });

  it('a session update for a connection not in the list changes nothing', () => {
    const next = applySessionEvent(list, { action: 'update', session: aSession(aConnection({ id: 9 }), { status: 'OPENING' }) });
    expect(next).toEqual(list);
  });
});
