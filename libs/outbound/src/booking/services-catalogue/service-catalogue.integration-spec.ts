import { serviceDeleted, serviceDeleteResponseSchema, servicePageResponseSchema, serviceSaved, serviceSchema } from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';

const A = 1;
const B = 2;
const massagem = { name: 'Massagem', description: 'Relaxante', price: 150.5, duration: 90, additionalInfo: 'Trazer toalha' };

/** The services catalogue (spec 3): name 2 to 50, price and duration required; read by all, changed by admins and supervisors. */
describe('the services catalogue over HTTP', () => {
  let t: OutboundTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const supervisor = () => t.token({ userId: 3, companyId: A, profile: 'supervisor' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = async (body: object, token = admin()) =>
    expectAnswer(serviceSchema, await api().post('/api/services').set(as(token)).send(body).expect(201));
  const page = async (token: string, query: { searchParam?: string; pageNumber?: number } = {}) =>
    expectAnswer(servicePageResponseSchema, await api().get('/api/services').query(query).set(as(token)).expect(200));

  beforeAll(async () => {
    t = await startOutboundTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("the name is required ('Obrigatório'), 2 to 50 characters ('Muito curto!' / 'Muito longo!'); price and duration are required numbers", async () => {
    for (const [body, fields] of [
      [
        {},
        [
          { path: 'name', message: 'Obrigatório' },
          { path: 'price', message: 'Obrigatório' },
          { path: 'duration', message: 'Obrigatório' },
        ],
      ],
      [{ ...massagem, name: '   ' }, [{ path: 'name', message: 'Obrigatório' }]],
      [{ ...massagem, name: 'A' }, [{ path: 'name', message: 'Muito curto!' }]],
      [{ ...massagem, name: 'x'.repeat(51) }, [{ path: 'name', message: 'Muito longo!' }]],
      [
        { ...massagem, price: null, duration: null },
        [
          { path: 'price', message: 'Obrigatório' },
          { path: 'duration', message: 'Obrigatório' },
        ],
      ],
      [
        { ...massagem, price: 'dez', duration: '1h' },
        [
          { path: 'price', message: 'Valor inválido' },
          { path: 'duration', message: 'Valor inválido' },
        ],
      ],
      [
        { ...massagem, price: -1, duration: 0 },
        [
          { path: 'price', message: 'Valor inválido' },
          { path: 'duration', message: 'Valor inválido' },
        ],
      ],
      [{ ...massagem, duration: 30.5 }, [{ path: 'duration', message: 'Valor inválido' }]],
      [{ ...massagem, description: 'x'.repeat(501) }, [{ path: 'description', message: 'Muito longo!' }]],
    ] as const) {
      const refused = expectErrorAnswer(await api().post('/api/services').set(as(admin())).send(body).expect(400), 'ERR_VALIDATION');
      expect(refused.fields).toEqual(fields);
    }
    const missing = expectErrorAnswer(
      await api().put('/api/services/1').set(as(admin())).send({ name: 'Corte' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(missing.fields).toEqual([
      { path: 'price', message: 'Obrigatório' },
      { path: 'duration', message: 'Obrigatório' },
    ]);
  });

  it('a service keeps its price in reais to the cent and its minutes; blank optional texts are null; it is changed and deleted, with its events', async () => {
    const created = await create({ name: '  Corte de cabelo ', description: '', price: 49.999, duration: 45 });
    expect(created).toMatchObject({
      name: 'Corte de cabelo',
      description: null,
      price: 50,
      duration: 45,
      additionalInfo: null,
      companyId: A,
    });

    const changed = expectAnswer(
      serviceSchema,
      await api()
        .put(`/api/services/${created.id}`)
        .set(as(supervisor()))
        .send({ ...massagem, name: 'Corte e barba', price: 1234.56 })
        .expect(200),
    );
    expect(changed).toMatchObject({ id: created.id, name: 'Corte e barba', price: 1234.56, duration: 90, additionalInfo: 'Trazer toalha' });
    expect((await page(user(), { searchParam: 'BARBA' })).services).toEqual([changed]);

    expect(
      expectAnswer(serviceDeleteResponseSchema, await api().delete(`/api/services/${created.id}`).set(as(admin())).expect(200)),
    ).toEqual({
      message: 'Service deleted',
    });
    expectErrorAnswer(await api().delete(`/api/services/${created.id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    expect((await page(user(), { searchParam: 'barba' })).services).toEqual([]);

    await t.published();
    const saved = t.events.flatMap((e) => {
      const event = readEvent(serviceSaved, e);
      return event?.service.id === created.id ? [event.created] : [];
    });
    expect(saved).toEqual([true, false]);
    expect(t.events.some((e) => readEvent(serviceDeleted, e)?.serviceId === created.id)).toBe(true);
  });

  it('every user of the company reads the catalogue; only admins and supervisors change it (ERR_NO_PERMISSION)', async () => {
    const service = await create({ ...massagem, name: 'Pedicure' }, supervisor());
    expect((await page(user(), { searchParam: 'pedicure' })).services.map((s) => s.id)).toEqual([service.id]);
    expectErrorAnswer(await api().post('/api/services').set(as(user())).send(massagem).expect(403), 'ERR_NO_PERMISSION');
    expectErrorAnswer(await api().put(`/api/services/${service.id}`).set(as(user())).send(massagem).expect(403), 'ERR_NO_PERMISSION');
    expectErrorAnswer(await api().delete(`/api/services/${service.id}`).set(as(user())).expect(403), 'ERR_NO_PERMISSION');
    await api().get('/api/services').expect(401);
  });

  it('20 a page by name, with the count and hasMore, searched in name and description', async () => {
    const company = 3;
    const admin3 = t.token({ userId: 30, companyId: company, profile: 'admin' });
    for (let n = 1; n <= 23; n += 1) {
      await create(
        { name: `Serviço ${String(n).padStart(2, '0')}`, description: n === 7 ? 'Unhas em gel' : null, price: n, duration: 30 },
        admin3,
      );
    }
    const first = await page(admin3);
    expect(first.services.map((s) => s.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Serviço ${String(i + 1).padStart(2, '0')}`));
    expect([first.count, first.hasMore]).toEqual([23, true]);
    const second = await page(admin3, { pageNumber: 2 });
    expect(second.services.map((s) => s.name)).toEqual(['Serviço 21', 'Serviço 22', 'Serviço 23']);
    expect([second.count, second.hasMore]).toEqual([23, false]);
    const found = await page(admin3, { searchParam: 'GEL' });
    expect([found.services.map((s) => s.name), found.count, found.hasMore]).toEqual([['Serviço 07'], 1, false]);
    // A search is text, not a pattern.
    expect((await page(admin3, { searchParam: '%' })).count).toBe(0);
  });

  it("another company's user never sees the company's services and gets 404 on every endpoint with an id", async () => {
    const service = await create({ ...massagem, name: 'Limpeza de pele' });
    expect((await page(outsider())).services.map((s) => s.companyId)).not.toContain(A);
    expect((await page(outsider(), { searchParam: 'limpeza' })).count).toBe(0);
    expectErrorAnswer(await api().put(`/api/services/${service.id}`).set(as(outsider())).send(massagem).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().delete(`/api/services/${service.id}`).set(as(outsider())).expect(404), 'ERR_NOT_FOUND');
    // Untouched for its own company.
    expect((await page(user(), { searchParam: 'limpeza' })).services).toEqual([service]);
  });
});
