import { randomUUID } from 'node:crypto';

import { type EventDefinition, type EventEnvelope, type EventPayload, type Invoice, invoiceCreated, invoicePaid } from '@app/contracts';

import { billingSocketMapper } from './billing.mapper';

const envelope = <D extends EventDefinition>(definition: D, companyId: number, payload: EventPayload<D>): EventEnvelope => ({
  id: randomUUID(),
  type: definition.type,
  version: definition.version,
  companyId,
  key: String(companyId),
  occurredAt: new Date().toISOString(),
  payload,
});

describe('billing socket events', () => {
  const invoice: Invoice = {
    id: 12,
    companyId: 7,
    detail: 'Ouro (Trimestral)',
    value: 29970,
    dueDate: '2026-11-30',
    recurrence: 'TRIMESTRAL',
    status: 'paid',
    paidAt: '2026-11-27T12:00:00.000Z',
    createdAt: '2026-11-20T12:00:00.000Z',
  };

  it('a paid invoice reaches its whole company on company-{id}-payment as CONCLUIDA with the renewed due date', () => {
    expect(billingSocketMapper.map(envelope(invoicePaid, 7, { invoice }))).toEqual([
      {
        target: { kind: 'company', companyId: 7 },
        event: 'company-7-payment',
        payload: { action: 'CONCLUIDA', company: { id: 7, dueDate: '2027-02-28' }, invoice },
      },
    ]);
  });

  it("an issued invoice is not announced, and an envelope whose company is not the invoice's reaches no one", () => {
    expect(billingSocketMapper.map(envelope(invoiceCreated, 7, { invoice: { ...invoice, status: 'open', paidAt: null } }))).toEqual([]);
    expect(billingSocketMapper.map(envelope(invoicePaid, 8, { invoice }))).toEqual([]);
  });
});
