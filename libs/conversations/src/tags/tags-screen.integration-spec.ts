import {
  tagDeleted,
  tagDeleteResponseSchema,
  tagDetailSchema,
  tagKanbanResponseSchema,
  tagPageResponseSchema,
  TAGS_PAGE_SIZE,
  tagSaved,
  tagSchema,
  ticketSchema,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

/** The tags screen (spec 2): paged search, ticket counts, the kanban flag by profile, edit and delete, live events. */
describe('the tags screen over HTTP', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let ticketId: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const supervisor = () => t.token({ userId: 3, companyId: A, profile: 'supervisor' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  const create = async (token: string, body: object) =>
    expectAnswer(tagSchema, await api().post('/api/tags').set(as(token)).send(body).expect(201));

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana' });
    await s.user({ id: 3, companyId: A, name: 'Sara', profile: 'supervisor' });
    await s.user({ id: 20, companyId: B, name: 'Outra', profile: 'admin' });
    await s.connection({ id: 10, companyId: A });
    await s.inbound(A, 10, anInboundText('5511900002222', 'oi'));
    ticketId = (await s.ticketOf('5511900002222')).id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('GET /tags/ pages the tags by name, searched case-insensitively, each with its ticket count', async () => {
    const names = Array.from({ length: TAGS_PAGE_SIZE + 3 }, (_, i) => `Etiqueta ${String(i).padStart(2, '0')}`);
    for (const name of names) await create(admin(), { name });
    const vip = await create(admin(), { name: 'VIP cliente', color: '#ffcc00' });
    await api()
      .post('/api/tags/sync')
      .set(as(admin()))
      .send({ ticketId, tags: [{ id: vip.id }] })
      .expect(200);

    const first = expectAnswer(tagPageResponseSchema, await api().get('/api/tags/').set(as(user())).expect(200));
    expect(first.tags).toHaveLength(TAGS_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.tags[0]).toMatchObject({ name: 'Etiqueta 00', ticketsCount: 0, userId: 1 });
    const second = expectAnswer(tagPageResponseSchema, await api().get('/api/tags/').query({ pageNumber: 2 }).set(as(user())).expect(200));
    expect(second.hasMore).toBe(false);
    expect(second.tags.map((tag) => tag.name)).toEqual([...names.slice(TAGS_PAGE_SIZE), 'VIP cliente']);

    const searched = expectAnswer(
      tagPageResponseSchema,
      await api().get('/api/tags').query({ searchParam: 'vip' }).set(as(user())).expect(200),
    );
    expect(searched).toEqual({ tags: [{ ...vip, ticketsCount: 1, userId: 1 }], hasMore: false });
    // A search term's wildcard characters are matched literally.
    expect(
      expectAnswer(tagPageResponseSchema, await api().get('/api/tags').query({ searchParam: '%' }).set(as(user())).expect(200)).tags,
    ).toEqual([]);
    expect(expectAnswer(tagPageResponseSchema, await api().get('/api/tags').set(as(outsider())).expect(200)).tags).toEqual([]);
  });

  it('the tag dialog: name required and at least 3 characters, unique per company', async () => {
    const empty = await api().post('/api/tags').set(as(user())).send({ name: '  ' }).expect(400);
    expect(empty.body.fields).toEqual([{ path: 'name', message: 'Obrigatório' }]);
    const missing = await api().post('/api/tags').set(as(user())).send({}).expect(400);
    expect(missing.body.fields).toEqual([{ path: 'name', message: 'Obrigatório' }]);
    const short = await api().post('/api/tags').set(as(user())).send({ name: 'ab' }).expect(400);
    expect(short.body.fields).toEqual([{ path: 'name', message: 'Mensagem muito curta' }]);
    await create(user(), { name: 'Repetida' });
    const again = await api().post('/api/tags').set(as(user())).send({ name: 'Repetida' }).expect(400);
    expect(again.body.fields).toEqual([{ path: 'name', message: 'Tag já existe' }]);
    // Another company may have a tag of the same name.
    await create(outsider(), { name: 'Repetida' });

    const other = await create(user(), { name: 'Outra etiqueta' });
    const renamed = await api().put(`/api/tags/${other.id}`).set(as(user())).send({ name: 'Repetida' }).expect(400);
    expect(renamed.body.fields).toEqual([{ path: 'name', message: 'Tag já existe' }]);
    const tooShort = await api().put(`/api/tags/${other.id}`).set(as(user())).send({ name: 'x' }).expect(400);
    expect(tooShort.body.fields).toEqual([{ path: 'name', message: 'Mensagem muito curta' }]);
    const badColour = await api().put(`/api/tags/${other.id}`).set(as(user())).send({ color: 'red' }).expect(400);
    expect(badColour.body.fields).toEqual([{ path: 'color', message: 'Cor inválida' }]);
  });

  it('only admins and supervisors set the kanban flag; a user edits name and colour, the flag stays', async () => {
    const byUser = await create(user(), { name: 'Funil usuario', kanban: 1 });
    expect(byUser.kanban).toBe(0);
    const bySupervisor = await create(supervisor(), { name: 'Funil supervisor', kanban: 1 });
    expect(bySupervisor.kanban).toBe(1);

    const userEdit = expectAnswer(
      tagSchema,
      await api()
        .put(`/api/tags/${bySupervisor.id}`)
        .set(as(user()))
        .send({ name: 'Funil renomeado', color: '#00ff00', kanban: 0 })
        .expect(200),
    );
    expect(userEdit).toMatchObject({ name: 'Funil renomeado', color: '#00ff00', kanban: 1 });
    const adminEdit = expectAnswer(tagSchema, await api().put(`/api/tags/${byUser.id}`).set(as(admin())).send({ kanban: 1 }).expect(200));
    expect(adminEdit).toMatchObject({ name: 'Funil usuario', kanban: 1 });

    const lanes = expectAnswer(tagKanbanResponseSchema, await api().get('/api/tags/kanban').set(as(user())).expect(200));
    expect(lanes.lista.map((tag) => tag.name)).toEqual(['Funil renomeado', 'Funil usuario']);
    expect(expectAnswer(tagKanbanResponseSchema, await api().get('/api/tags/kanban').set(as(outsider())).expect(200)).lista).toEqual([]);
  });

  it("GET, PUT and DELETE /tags/{id} answer 404 for another company's tag and change nothing", async () => {
    const theirs = await create(outsider(), { name: 'Deles', color: '#111111' });
    expectErrorAnswer(await api().get(`/api/tags/${theirs.id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().put(`/api/tags/${theirs.id}`).set(as(admin())).send({ name: 'Nossa' }).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().delete(`/api/tags/${theirs.id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    expect(expectAnswer(tagDetailSchema, await api().get(`/api/tags/${theirs.id}`).set(as(outsider())).expect(200))).toMatchObject({
      name: 'Deles',
      color: '#111111',
    });
    await api().get('/api/tags/0').set(as(admin())).expect(400);
  });

  it('deleting a tag takes it off its tickets; creations, changes and deletions go out as events', async () => {
    const gone = await create(user(), { name: 'Temporaria' });
    await api()
      .post('/api/tags/sync')
      .set(as(admin()))
      .send({ ticketId, tags: [{ id: gone.id }] })
      .expect(200);
    await api().put(`/api/tags/${gone.id}`).set(as(user())).send({ color: '#abcdef' }).expect(200);
    expect(expectAnswer(tagDetailSchema, await api().get(`/api/tags/${gone.id}`).set(as(user())).expect(200)).ticketsCount).toBe(1);
    const deleted = await api().delete(`/api/tags/${gone.id}`).set(as(user())).expect(200);
    expect(expectAnswer(tagDeleteResponseSchema, deleted).message).toBe('Tag deletada');
    await api().get(`/api/tags/${gone.id}`).set(as(user())).expect(404);
    const ticket = expectAnswer(ticketSchema, await api().get(`/api/tickets/${ticketId}`).set(as(admin())).expect(200));
    expect(ticket.tags.map((tag) => tag.id)).not.toContain(gone.id);

    await waitFor(() => t.events.some((e) => readEvent(tagDeleted, e)?.tagId === gone.id), { what: 'the tag.deleted event' });
    const saved = t.events.map((e) => readEvent(tagSaved, e)).filter((e) => e?.tag.id === gone.id);
    expect(saved.map((e) => [e!.created, e!.tag.color])).toEqual([
      [true, '#A4CCCC'],
      [false, '#abcdef'],
    ]);
    expect(t.events.find((e) => readEvent(tagDeleted, e)?.tagId === gone.id)?.companyId).toBe(A);
  });
});
