import {
  CHAT_MESSAGES_PAGE_SIZE,
  chatDeleted,
  chatListResponseSchema,
  chatMessageCreated,
  chatMessageSchema,
  chatMessagesResponseSchema,
  chatSaved,
  chatSchema,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;
const CHAT = ['useInternalChat' as const];

/** The internal chat (spec 2): members only, the owner edits and deletes, unread counts per member, events to members. */
describe('the internal chat over HTTP', () => {
  let t: ConversationsTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: CHAT });
  const ana = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: CHAT });
  const bia = () => t.token({ userId: 3, companyId: A, profile: 'user', plan: CHAT });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: CHAT });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = async (token: string, body: object) =>
    expectAnswer(chatSchema, await api().post('/api/chats').set(as(token)).send(body).expect(201));
  const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }) =>
    Object.fromEntries(chat.users.map((user) => [user.userId, user.unreads]));

  beforeAll(async () => {
    t = await startConversationsTestApp();
    const s = new InboxScenario(t);
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana' });
    await s.user({ id: 3, companyId: A, name: 'Bia' });
    await s.user({ id: 20, companyId: B, name: 'Outra', profile: 'admin' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('without useInternalChat in the plan the chat answers 403 ERR_PLAN_FEATURE_DISABLED', async () => {
    const plain = t.token({ userId: 1, companyId: A, profile: 'admin' });
    expectErrorAnswer(await api().get('/api/chats').set(as(plain)).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
  });

  it('a chat needs a title and at least one user of the company; the owner is a member', async () => {
    const missing = await api().post('/api/chats').set(as(admin())).send({ title: ' ', users: [] }).expect(400);
    expect(missing.body.fields).toEqual([
      { path: 'title', message: 'Obrigatório' },
      { path: 'users', message: 'Selecione ao menos um usuário' },
    ]);
    expectErrorAnswer(
      await api()
        .post('/api/chats')
        .set(as(admin()))
        .send({ title: 'Fora', users: [{ id: 20 }] })
        .expect(404),
      'ERR_NO_USER_FOUND',
    );
    const chat = await create(admin(), { title: 'Plantão', users: [{ id: 2, name: 'Ana' }] });
    expect(chat).toMatchObject({ title: 'Plantão', ownerId: 1, lastMessage: '' });
    expect(chat.users.map((user) => [user.userId, user.user.name])).toEqual([
      [1, 'Admin'],
      [2, 'Ana'],
    ]);
  });

  it("messages reach the members: each other member's unread count grows, opening the chat reads it; blank messages are refused", async () => {
    const chat = await create(admin(), { title: 'Escala', users: [2, 3] });
    const blank = await api().post(`/api/chats/${chat.id}/messages`).set(as(ana())).send({ message: '   ' }).expect(400);
    expect(blank.body.fields).toEqual([{ path: 'message', message: 'Mensagem vazia' }]);
    const sent = expectAnswer(
      chatMessageSchema,
      await api().post(`/api/chats/${chat.id}/messages`).set(as(ana())).send({ message: '  Cubro o sábado  ' }).expect(201),
    );
    expect(sent).toMatchObject({ message: 'Cubro o sábado', senderId: 2, sender: { id: 2, name: 'Ana' } });
    const listed = expectAnswer(chatListResponseSchema, await api().get('/api/chats').set(as(bia())).expect(200)).records.find(
      (x) => x.id === chat.id,
    )!;
    expect(listed.lastMessage).toBe('Cubro o sábado');
    expect(unreadsOf(listed)).toEqual({ 1: 1, 2: 0, 3: 1 });
    const read = expectAnswer(chatSchema, await api().post(`/api/chats/${chat.id}/read`).set(as(bia())).send({ userId: 1 }).expect(200));
    expect(unreadsOf(read)).toEqual({ 1: 1, 2: 0, 3: 0 });
    await waitFor(() => t.events.some((e) => readEvent(chatMessageCreated, e)?.message.id === sent.id), { what: 'the message event' });
    expect(t.events.find((e) => readEvent(chatMessageCreated, e)?.message.id === sent.id)?.companyId).toBe(A);
  });

  it('older messages come a page at a time, each page oldest first', async () => {
    const chat = await create(ana(), { title: 'Longa', users: [1] });
    for (let i = 1; i <= CHAT_MESSAGES_PAGE_SIZE + 3; i += 1) {
      await api()
        .post(`/api/chats/${chat.id}/messages`)
        .set(as(ana()))
        .send({ message: `m${i}` })
        .expect(201);
    }
    const first = expectAnswer(chatMessagesResponseSchema, await api().get(`/api/chats/${chat.id}/messages`).set(as(admin())).expect(200));
    expect(first.hasMore).toBe(true);
    expect(first.records.map((m) => m.message)).toEqual(Array.from({ length: CHAT_MESSAGES_PAGE_SIZE }, (_, i) => `m${i + 4}`));
    const second = expectAnswer(
      chatMessagesResponseSchema,
      await api().get(`/api/chats/${chat.id}/messages`).query({ pageNumber: 2 }).set(as(admin())).expect(200),
    );
    expect(second).toMatchObject({ hasMore: false });
    expect(second.records.map((m) => m.message)).toEqual(['m1', 'm2', 'm3']);
  });

  it('only members see a chat; only the owner edits or deletes it; a removed member is told', async () => {
    const chat = await create(admin(), { title: 'Gestão', users: [2] });
    // Bia is of the company but not a member: the chat does not exist for her.
    for (const call of [
      api().get(`/api/chats/${chat.id}`),
      api().get(`/api/chats/${chat.id}/messages`),
      api().post(`/api/chats/${chat.id}/messages`).send({ message: 'oi' }),
      api().post(`/api/chats/${chat.id}/read`),
      api()
        .put(`/api/chats/${chat.id}`)
        .send({ title: 'x', users: [3] }),
      api().delete(`/api/chats/${chat.id}`),
    ]) {
      expectErrorAnswer(await call.set(as(bia())).expect(404), 'ERR_NOT_FOUND');
    }
    expect(
      expectAnswer(chatListResponseSchema, await api().get('/api/chats').set(as(bia())).expect(200)).records.map((x) => x.id),
    ).not.toContain(chat.id);
    // Ana is a member, not the owner.
    expectErrorAnswer(
      await api()
        .put(`/api/chats/${chat.id}`)
        .set(as(ana()))
        .send({ title: 'Minha', users: [3] })
        .expect(403),
      'ERR_NO_PERMISSION',
    );
    expectErrorAnswer(await api().delete(`/api/chats/${chat.id}`).set(as(ana())).expect(403), 'ERR_NO_PERMISSION');

    const edited = expectAnswer(
      chatSchema,
      await api()
        .put(`/api/chats/${chat.id}`)
        .set(as(admin()))
        .send({ title: 'Gestão 2', users: [3] })
        .expect(200),
    );
    expect(edited.users.map((user) => user.userId)).toEqual([1, 3]);
    await waitFor(
      () => t.events.some((e) => readEvent(chatSaved, e)?.chat.id === chat.id && readEvent(chatSaved, e)?.removedUserIds.includes(2)),
      { what: 'the edit telling Ana she was removed' },
    );
    await api().get(`/api/chats/${chat.id}`).set(as(ana())).expect(404);
    await api().get(`/api/chats/${chat.id}`).set(as(bia())).expect(200);
    await api().delete(`/api/chats/${chat.id}`).set(as(admin())).expect(200);
    await api().get(`/api/chats/${chat.id}`).set(as(bia())).expect(404);
    await waitFor(() => t.events.some((e) => readEvent(chatDeleted, e)?.chatId === chat.id), { what: 'the deletion event' });
    expect(t.events.find((e) => readEvent(chatDeleted, e)?.chatId === chat.id)?.payload).toEqual({ chatId: chat.id, memberIds: [1, 3] });
  });

  it("another company's chat answers 404 on every route, even to an admin", async () => {
    const theirs = await create(outsider(), { title: 'Deles', users: [20] });
    for (const call of [
      api().get(`/api/chats/${theirs.id}`),
      api().get(`/api/chats/${theirs.id}/messages`),
      api().post(`/api/chats/${theirs.id}/messages`).send({ message: 'oi' }),
      api().post(`/api/chats/${theirs.id}/read`),
      api()
        .put(`/api/chats/${theirs.id}`)
        .send({ title: 'Nossa', users: [2] }),
      api().delete(`/api/chats/${theirs.id}`),
    ]) {
      expectErrorAnswer(await call.set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    }
    expect(
      expectAnswer(chatListResponseSchema, await api().get('/api/chats').set(as(outsider())).expect(200)).records.map((x) => x.title),
    ).toEqual(['Deles']);
  });
});
