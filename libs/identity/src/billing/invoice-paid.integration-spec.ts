import { advanceDueDate, companyUpdated, type Invoice, invoicePaid } from '@app/contracts';
import { waitFor } from '@app/platform/testing';
import request from 'supertest';

import { logIn, outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** billing.invoice.paid: the company's due date moves on by the invoice's recurrence, once, and its users may log in again. */
describe('a paid invoice renews its company', () => {
  let t: IdentityTestApp;
  let expiredId: number;
  let otherId: number;
  const expiredDue = inDays(-1);
  const invoice = (companyId: number, dueDate: string, overrides: Partial<Invoice> = {}): Invoice => ({
    id: 40 + companyId,
    companyId,
    detail: 'Ouro (Trimestral)',
    value: 29970,
    dueDate,
    recurrence: 'TRIMESTRAL',
    status: 'paid',
    paidAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    ...overrides,
  });
  const dueDateOf = async (id: number): Promise<string | null> =>
    (await t.dataSource.query(`SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM identity.companies WHERE id = $1`, [id]))[0].due;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    expiredId = (
      await insertCompanyWithAdmin(t.dataSource, {
        name: 'Expired',
        adminEmail: 'boss@expired.test',
        password: 'expired-pass-1',
        dueDate: expiredDue,
      })
    ).company.id;
    otherId = (
      await insertCompanyWithAdmin(t.dataSource, {
        name: 'Other',
        adminEmail: 'boss@other.test',
        password: 'other-pass-1',
        dueDate: inDays(20),
      })
    ).company.id;
  });
  afterAll(() => t?.close());

  it('an expired company is let in again once its invoice is paid; the due date moves on by TRIMESTRAL from the paid one', async () => {
    const refused = await request(t.http)
      .post('/api/auth/login')
      .send({ email: 'boss@expired.test', password: 'expired-pass-1' })
      .expect(401);
    expect(refused.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    await t.publish(invoicePaid, expiredId, expiredId, { invoice: invoice(expiredId, expiredDue) });
    const next = advanceDueDate(expiredDue, 'TRIMESTRAL');
    await waitFor(async () => (await dueDateOf(expiredId)) === next, { what: 'the due date moved on' });
    const login = await logIn(t, 'boss@expired.test', 'expired-pass-1');
    expect(login.body.subscription).toMatchObject({ dueDate: next });
    const announced = (await outboxEvents(t, companyUpdated.type)).filter((envelope) => envelope.payload.company.id === expiredId);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.payload.company).toMatchObject({ dueDate: next, recurrence: 'MENSAL' });
  });

  it('the same payment announced again, or a payment of a period that is not the current one, changes nothing', async () => {
    const before = await dueDateOf(expiredId);
    await t.publish(invoicePaid, expiredId, expiredId, { invoice: invoice(expiredId, expiredDue) });
    await t.publish(invoicePaid, otherId, otherId, { invoice: invoice(otherId, inDays(-30), { recurrence: 'ANUAL' }) });
    await t.published();
    // One more event behind them on the same key: once it applied, the two before it were handled.
    await t.publish(invoicePaid, otherId, otherId, { invoice: invoice(otherId, inDays(20), { recurrence: 'MENSAL' }) });
    await waitFor(async () => (await dueDateOf(otherId)) === advanceDueDate(inDays(20), 'MENSAL'), { what: 'the current period renewed' });
    expect(await dueDateOf(expiredId)).toBe(before);
    const announced = (await outboxEvents(t, companyUpdated.type)).filter((envelope) => envelope.payload.company.id === expiredId);
    expect(announced).toHaveLength(1);
  });
});
