import { outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp } from '../testing/identity-test-app';
import { COMPANIES_AND_PLANS, CompanyBackfill } from './company-backfill';

jest.setTimeout(30_000);

/** The backfill migration's request: every plan and company announced again once, so billing invoices the companies made before it. */
describe('companies and plans announced again for billing', () => {
  let t: IdentityTestApp;
  afterAll(() => t?.close());

  it('on start the pending request is answered once: each company and plan announced; a second run announces nothing', async () => {
    t = await startIdentityTestApp();
    // Taken on start (the fresh database's migration left it pending), the seeded company announced.
    expect(await t.dataSource.query(`SELECT * FROM identity.pending_announcements`)).toEqual([]);
    expect((await outboxEvents(t, 'identity.company.updated')).length).toBeGreaterThanOrEqual(1);

    // Companies made before billing existed (the request left pending by the migration, as on an old database).
    const old = await insertCompanyWithAdmin(t.dataSource, {
      name: 'Antiga',
      adminEmail: 'boss@antiga.test',
      password: 'antiga-pass-1',
      dueDate: '2026-12-01',
    });
    await t.dataSource.query(`INSERT INTO identity.pending_announcements (name) VALUES ($1)`, [COMPANIES_AND_PLANS]);
    const backfill = t.app.get(CompanyBackfill);
    // Two replicas starting together: one takes the request.
    const runs = await Promise.all([backfill.announce(), backfill.announce()]);
    expect(runs.filter((run) => run !== null)).toEqual([{ plans: expect.any(Number), companies: expect.any(Number) }]);
    const announced = (await outboxEvents(t, 'identity.company.updated')).filter((event) => event.payload.company.id === old.company.id);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.payload.company).toMatchObject({ name: 'Antiga', dueDate: '2026-12-01', recurrence: 'MENSAL' });
    const plans = (await outboxEvents(t, 'identity.plan.updated')).filter((event) => event.payload.plan.id === old.company.planId);
    expect(plans).toHaveLength(1);

    const before = (await outboxEvents(t, 'identity.company.updated')).length;
    expect(await backfill.announce()).toBeNull();
    expect((await outboxEvents(t, 'identity.company.updated')).length).toBe(before);
  });
});
