import { CHECKOUT_PASS_HEADER, expiredCheckoutResponseSchema, invoiceCreated, subscriptionPixResponseSchema } from '@app/contracts';
import { AccessTokenService, readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, type ServiceTestApp } from '@app/platform/testing';
import request from 'supertest';

import { InvoiceRepository } from '../invoices/invoice.repository';
import { startBillingTestApp } from '../testing/billing-test-app';
import { announceCompany, announcePlan, companyFixture, planFixture } from '../testing/identity-fixtures';

const EXPIRED = 31;
const OTHER = 32;
const UNKNOWN = 33;
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The login page's checkout of an expired company's admin, with the pass its refused login handed over (decision 0053). */
describe('the expired company checkout', () => {
  let t: ServiceTestApp;
  const expiredDue = daysFromToday(-2);
  const pass = (companyId: number) => t.app.get(AccessTokenService).signCheckoutPass({ userId: 7, companyId });
  const status = (header: Record<string, string>) => request(t.http).get('/api/subscription/expired').set(header);
  const payer = (invoiceId: number) => ({
    invoiceId,
    firstName: 'Ana',
    address2: 'Rua 1',
    city: 'Recife',
    zipcode: '50000-000',
    country: 'BR',
  });
  const createdFor = (companyId: number) =>
    t.events.filter((envelope) => readEvent(invoiceCreated, envelope)?.invoice.companyId === companyId);

  beforeAll(async () => {
    t = await startBillingTestApp({ staticPix: { key: 'financeiro@zapdesk.com.br', merchantName: 'Zapdesk', merchantCity: 'Recife' } });
    await announcePlan(t, planFixture(3, 49.9, { name: 'Prata', users: 4, connections: 1 }));
    await announceCompany(t, companyFixture(EXPIRED, 3, { dueDate: expiredDue, recurrence: 'TRIMESTRAL' }));
    await announceCompany(t, companyFixture(OTHER, 3, { dueDate: daysFromToday(-5) }));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers the expired period’s invoice, issued once however often the page asks, with the plan card', async () => {
    const first = expectAnswer(expiredCheckoutResponseSchema, await status({ [CHECKOUT_PASS_HEADER]: pass(EXPIRED) }).expect(200));
    expect(first).toMatchObject({
      company: { id: EXPIRED, dueDate: expiredDue },
      expired: true,
      invoice: { companyId: EXPIRED, dueDate: expiredDue, value: 14970, status: 'open', recurrence: 'TRIMESTRAL' },
      plan: { name: 'Prata', users: 4, connections: 1 },
    });
    const again = expectAnswer(expiredCheckoutResponseSchema, await status({ [CHECKOUT_PASS_HEADER]: pass(EXPIRED) }).expect(200));
    expect(again.invoice!.id).toBe(first.invoice!.id);
    await t.published();
    expect(createdFor(EXPIRED)).toHaveLength(1);
  });

  it('pays it with a Pix of its own amount', async () => {
    const { invoice } = expectAnswer(expiredCheckoutResponseSchema, await status({ [CHECKOUT_PASS_HEADER]: pass(EXPIRED) }).expect(200));
    const pix = expectAnswer(
      subscriptionPixResponseSchema,
      await request(t.http)
        .post('/api/subscription/expired')
        .set(CHECKOUT_PASS_HEADER, pass(EXPIRED))
        .send({ ...payer(invoice!.id), price: 0.01 })
        .expect(200),
    );
    expect(pix).toMatchObject({ invoiceId: invoice!.id, valor: { original: '149.70' } });
  });

  it("the pass reaches its own company only: another company's invoice is not found", async () => {
    const { invoice: theirs } = expectAnswer(
      expiredCheckoutResponseSchema,
      await status({ [CHECKOUT_PASS_HEADER]: pass(OTHER) }).expect(200),
    );
    expectErrorAnswer(
      await request(t.http).post('/api/subscription/expired').set(CHECKOUT_PASS_HEADER, pass(EXPIRED)).send(payer(theirs!.id)).expect(404),
      'ERR_NOT_FOUND',
    );
    expectErrorAnswer(await status({ [CHECKOUT_PASS_HEADER]: pass(UNKNOWN) }).expect(404), 'ERR_NOT_FOUND');
  });

  it('no pass, a forged one or a session token in its place are refused; bad input is refused with the spec’s texts', async () => {
    expectErrorAnswer(await status({}).expect(401), 'ERR_SESSION_EXPIRED');
    expectErrorAnswer(await status({ [CHECKOUT_PASS_HEADER]: 'not-a-token' }).expect(403), 'ERR_INVALID_TOKEN');
    const session = t.token({ userId: 7, companyId: EXPIRED, profile: 'admin' });
    expectErrorAnswer(await status({ [CHECKOUT_PASS_HEADER]: session }).expect(403), 'ERR_INVALID_TOKEN');
    expectErrorAnswer(await status({ Authorization: `Bearer ${session}` }).expect(401), 'ERR_SESSION_EXPIRED');
    const refused = expectErrorAnswer(
      await request(t.http)
        .post('/api/subscription/expired')
        .set(CHECKOUT_PASS_HEADER, pass(EXPIRED))
        .send({ invoiceId: 'x', firstName: '', country: 'AR' })
        .expect(400),
      'ERR_VALIDATION',
    );
    expect(refused.fields).toContainEqual({ path: 'firstName', message: 'O nome completo é obrigatório' });
  });

  it('once identity renews the company, it is no longer expired and no invoice is offered', async () => {
    const renewed = daysFromToday(88);
    await announceCompany(t, companyFixture(EXPIRED, 3, { dueDate: renewed, recurrence: 'TRIMESTRAL' }));
    const answer = expectAnswer(expiredCheckoutResponseSchema, await status({ [CHECKOUT_PASS_HEADER]: pass(EXPIRED) }).expect(200));
    expect(answer).toMatchObject({ expired: false, invoice: null, company: { dueDate: renewed } });
    expect(await t.app.get(InvoiceRepository).openOf(EXPIRED)).toHaveLength(1);
  });
});
