import { queueSaved, queueSchema } from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';

/** Spec 3, queue binding: a queue is answered by one integration, one AI agent or one prompt; choosing one clears the others. */
describe('queue binding', () => {
  let t: ConversationsTestApp;
  const admin = () => t.token({ userId: 1, companyId: 1, profile: 'admin' });
  const api = () => request(t.http);
  const put = async (id: number, body: object) =>
    expectAnswer(queueSchema, await api().put(`/api/queue/${id}`).set('Authorization', `Bearer ${admin()}`).send(body).expect(200));
  const binding = ({
    integrationId,
    agentId,
    promptId,
  }: {
    integrationId: number | null;
    agentId: number | null;
    promptId: number | null;
  }) => ({
    integrationId,
    agentId,
    promptId,
  });

  beforeAll(async () => {
    t = await startConversationsTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('choosing a prompt, an agent or an integration clears the other two, announced to the services that answer queues', async () => {
    const created = expectAnswer(
      queueSchema,
      await api()
        .post('/api/queue')
        .set('Authorization', `Bearer ${admin()}`)
        .send({ name: 'Atendimento', color: '#123456', promptId: 3 })
        .expect(201),
    );
    expect(binding(created)).toEqual({ integrationId: null, agentId: null, promptId: 3 });
    expect(binding(await put(created.id, { agentId: 5 }))).toEqual({ integrationId: null, agentId: 5, promptId: null });
    expect(binding(await put(created.id, { integrationId: 7 }))).toEqual({ integrationId: 7, agentId: null, promptId: null });
    // Another field changed leaves the binding alone; null unbinds.
    expect(binding(await put(created.id, { greetingMessage: 'Olá' }))).toEqual({ integrationId: 7, agentId: null, promptId: null });
    expect(binding(await put(created.id, { integrationId: null }))).toEqual({ integrationId: null, agentId: null, promptId: null });
    await put(created.id, { promptId: 9 });
    await t.published();
    const announced = t.events
      .flatMap((envelope) => readEvent(queueSaved, envelope)?.queue ?? [])
      .filter((queue) => queue.id === created.id);
    expect(binding(announced.at(-1)!)).toEqual({ integrationId: null, agentId: null, promptId: 9 });
  });

  it('naming two at once is refused, each field named', async () => {
    const refused = expectErrorAnswer(
      await api()
        .post('/api/queue')
        .set('Authorization', `Bearer ${admin()}`)
        .send({ name: 'Vendas', color: '#654321', agentId: 1, promptId: 2 })
        .expect(400),
      'ERR_VALIDATION',
    );
    expect(refused.fields!.map((field: { path: string }) => field.path)).toEqual(['agentId', 'promptId']);
  });
});
