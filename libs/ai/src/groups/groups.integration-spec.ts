import {
  aiGroupSummarised,
  type Contact,
  contactDeleted,
  contactSaved,
  type EventPayload,
  groupContactSchema,
  groupListResponseSchema,
  messageCreated,
  SECRET_MASK,
  settingUpdated,
  SUMMARY_MESSAGES,
  type Ticket,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { FakeModelServer } from '../testing/fake-model-server';
import { GroupSummaryService } from './group-summary.service';

const A = 1;
const B = 2;
/** 12:00 in São Paulo (the companies' default zone). */
const NOON = new Date('2026-03-10T15:00:00Z');
const SUMMARY_KEY = 'sk-proj-summary-key-0000abcd';

const groupContact = (companyId: number, id: number, name: string, isGroup = true): Contact => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name,
  number: `1203630${String(id).padStart(11, '0')}`,
  email: '',
  profilePicUrl: '',
  active: true,
  isGroup,
  whatsappId: 1,
  extraInfo: [],
  companyId,
  lastInteractionAt: null,
  createdAt: NOON.toISOString(),
  updatedAt: NOON.toISOString(),
});

/** The /transcribe page's API (issue 23): the company's group contacts, their transcription toggle and summary settings. */
describe('groups: transcription and summary settings', () => {
  jest.setTimeout(30_000);
  let t: AiTestApp;
  let model: FakeModelServer;
  let clock = NOON;
  const as = (companyId: number) => ({ Authorization: `Bearer ${t.token({ userId: companyId * 10, companyId, profile: 'user' })}` });
  const put = (companyId: number, id: number, body: object) => request(t.http).put(`/api/groups/${id}`).set(as(companyId)).send(body);
  const fieldsOf = (answer: request.Response) => expectErrorAnswer(answer, 'ERR_VALIDATION').fields;

  beforeAll(async () => {
    model = await FakeModelServer.start();
    model.answerWith(() => ({ kind: 'reply', text: '- Pedido de 3 bolos\n- Entrega na sexta' }));
    t = await startAiTestApp({ now: () => clock, providerBaseUrls: { openai: model.baseUrl } }, { outboundAllowedHosts: ['127.0.0.1'] });
    for (let n = 1; n <= 25; n++)
      await t.publish(contactSaved, A, `contact-${100 + n}`, {
        contact: groupContact(A, 100 + n, `Grupo ${String(n).padStart(2, '0')}`),
        created: true,
      });
    await t.publish(contactSaved, A, 'contact-200', { contact: groupContact(A, 200, 'Cliente Maria', false), created: true });
    await t.publish(contactSaved, B, 'contact-300', { contact: groupContact(B, 300, 'Grupo da B'), created: true });
    await waitFor(async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM ai.group_contacts`))[0].n === 26);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it("lists only the group contacts of the caller's company, 20 a page, searchable by name", async () => {
    const first = expectAnswer(groupListResponseSchema, await request(t.http).get('/api/groups').set(as(A)).expect(200));
    expect(first.contacts).toHaveLength(20);
    expect(first).toMatchObject({ hasMore: true, count: 25 });
    expect(first.contacts[0]).toMatchObject({
      id: 101,
      name: 'Grupo 01',
      isGroup: true,
      activetranscribe: false,
      resumegroup: false,
      resumeprovider: 'openai',
      resumemaxtokens: 2000,
      resumetemperature: 0.7,
      resumekey: '',
    });
    const second = expectAnswer(groupListResponseSchema, await request(t.http).get('/api/groups?pageNumber=2').set(as(A)).expect(200));
    expect(second.contacts.map((group) => group.name)).toEqual(['Grupo 21', 'Grupo 22', 'Grupo 23', 'Grupo 24', 'Grupo 25']);
    expect(second.hasMore).toBe(false);
    const found = expectAnswer(
      groupListResponseSchema,
      await request(t.http).get('/api/groups?searchParam=grupo%2012').set(as(A)).expect(200),
    );
    expect(found.contacts.map((group) => group.id)).toEqual([112]);
    const ofB = expectAnswer(groupListResponseSchema, await request(t.http).get('/api/groups').set(as(B)).expect(200));
    expect(ofB.contacts.map((group) => group.id)).toEqual([300]);
    await request(t.http).get('/api/groups').expect(401);
  });

  it('the transcription toggle saves alone', async () => {
    const saved = expectAnswer(groupContactSchema, await put(A, 101, { activetranscribe: true }).expect(200));
    expect(saved).toMatchObject({ id: 101, activetranscribe: true, resumegroup: false });
  });

  it("summary settings: validated with the spec's texts, the key encrypted and shown as its last 4 characters, the time at least a minute ahead", async () => {
    expect(fieldsOf(await put(A, 102, { resumegroup: true, resumekey: SUMMARY_KEY, timeresume: '12:30' }).expect(400))).toEqual([
      { path: 'resumemodel', message: SUMMARY_MESSAGES.modelRequired },
    ]);
    expect(fieldsOf(await put(A, 102, { resumegroup: true, resumemodel: 'gpt-4o', timeresume: '12:30' }).expect(400))).toEqual([
      { path: 'resumekey', message: SUMMARY_MESSAGES.keyRequired },
    ]);
    // 12:00 in the company's zone: 12:00:30 is not a minute ahead.
    expect(
      fieldsOf(await put(A, 102, { resumegroup: true, resumemodel: 'gpt-4o', resumekey: SUMMARY_KEY, timeresume: '12:00:30' }).expect(400)),
    ).toEqual([{ path: 'timeresume', message: 'Selecione um horário com pelo menos 5 minutos de antecedência (após 12:01)' }]);
    expectErrorAnswer(await put(A, 102, { resumetemperature: 2.5 }).expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await put(A, 102, { resumemaxtokens: 10 }).expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await put(A, 102, { timeresume: '25:00' }).expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await put(A, 102, { resumeprovider: 'anthropic' }).expect(400), 'ERR_VALIDATION');

    const saved = expectAnswer(
      groupContactSchema,
      await put(A, 102, {
        resumegroup: true,
        resumeprovider: 'openai',
        resumemodel: 'gpt-4o',
        resumekey: SUMMARY_KEY,
        timeresume: '12:05',
        resumeprompt: 'Resuma em tópicos.',
        resumemaxtokens: 500,
        resumetemperature: 0.3,
      }).expect(200),
    );
    expect(saved).toMatchObject({
      resumegroup: true,
      timeresume: '12:05:00',
      resumekey: `${SECRET_MASK}abcd`,
      resumemaxtokens: 500,
      resumetemperature: 0.3,
    });
    const [row] = await t.dataSource.query(`SELECT resumekey FROM ai.group_contacts WHERE id = 102`);
    expect(row.resumekey).toMatch(/^v1\./);
    expect(row.resumekey).not.toContain(SUMMARY_KEY);
    // The mask sent back keeps the key; the same time needs no new check.
    const again = expectAnswer(
      groupContactSchema,
      await put(A, 102, { resumekey: `${SECRET_MASK}abcd`, timeresume: '12:05:00' }).expect(200),
    );
    expect(again).toMatchObject({ resumekey: `${SECRET_MASK}abcd`, resumemodel: 'gpt-4o' });
    expect((await t.dataSource.query(`SELECT resumekey FROM ai.group_contacts WHERE id = 102`))[0].resumekey).toBe(row.resumekey);
    // A new provider clears the model (and a summary that is on then needs one).
    expect(fieldsOf(await put(A, 102, { resumeprovider: 'openrouter' }).expect(400))).toEqual([
      { path: 'resumemodel', message: SUMMARY_MESSAGES.modelRequired },
    ]);
    await put(A, 104, { resumemodel: 'gpt-4o' }).expect(200);
    expect(expectAnswer(groupContactSchema, await put(A, 104, { resumeprovider: 'gemini' }).expect(200))).toMatchObject({
      resumeprovider: 'gemini',
      resumemodel: '',
    });
    // The next summary is a job for today's 12:05 in the company's zone.
    const jobs: { singleton_key: string }[] = await t.dataSource.query(
      `SELECT singleton_key FROM pgboss.job WHERE name = 'ai-group-summary' AND data->>'groupId' = '102'`,
    );
    expect(jobs.map((job) => job.singleton_key)).toContain('summary-102-2026-03-10-12:05:00');
  });

  it("the time's rule reads the company's own time zone (identity's timezone setting)", async () => {
    await t.publish(settingUpdated, B, 'setting-timezone', { companyId: B, key: 'timezone', value: 'Asia/Tokyo' });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.company_settings WHERE company_id = $1`, [B])).length === 1);
    // 15:00 UTC is 00:00 in Tokyo.
    const body = { resumegroup: true, resumemodel: 'gpt-4o', resumekey: SUMMARY_KEY, timeresume: '00:00:30' };
    expect(fieldsOf(await put(B, 300, body).expect(400))).toEqual([
      { path: 'timeresume', message: 'Selecione um horário com pelo menos 5 minutos de antecedência (após 00:01)' },
    ]);
    await put(B, 300, { ...body, timeresume: '00:05' }).expect(200);
  });

  it("another company's group is not found, for every route", async () => {
    expectErrorAnswer(await put(B, 101, { activetranscribe: false }).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await put(A, 300, { activetranscribe: true }).expect(404), 'ERR_NOT_FOUND');
    const [row] = await t.dataSource.query(`SELECT activetranscribe FROM ai.group_contacts WHERE id = 101`);
    expect(row.activetranscribe).toBe(true);
  });

  it("a group's day is summarised from its own messages of the last 24 hours and posted to its ticket, once", async () => {
    await put(A, 103, {
      resumegroup: true,
      resumemodel: 'gpt-4o-mini',
      resumekey: SUMMARY_KEY,
      timeresume: '12:10',
      resumeprompt: 'Resuma em tópicos.',
    }).expect(200);
    const group = (await t.dataSource.query(`SELECT * FROM ai.group_contacts WHERE id = 103`))[0];
    const ticket: Ticket = aTicket(A, 77, null, {
      isGroup: true,
      contactId: 103,
      contact: { id: 103, uuid: group.uuid, name: 'Grupo 03', number: group.number, email: '', profilePicUrl: '', isGroup: true },
    });
    const say = async (id: number, body: string, at: Date, sender: string) => {
      const message = aMessage(ticket, id, body, {
        createdAt: at.toISOString(),
        contact: { id: 900 + id, name: sender, number: '5511999990000', profilePicUrl: '' },
      });
      const payload: EventPayload<typeof messageCreated> = { message, ticket, audience: [] };
      await t.publish(messageCreated, A, ticket.id, payload);
    };
    const realNow = Date.now();
    // group_messages keeps 3 days by the real clock: the test's messages are written at real instants.
    await say(9001, 'mensagem de anteontem', new Date(realNow - 30 * 3_600_000), 'Ana');
    await say(9002, 'Preciso de 3 bolos', new Date(realNow - 2 * 3_600_000), 'Ana');
    await say(9003, 'Entrego na sexta', new Date(realNow - 3_600_000), 'Bruno');
    await waitFor(
      async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM ai.group_messages WHERE contact_id = 103`))[0].n === 3,
    );
    const summaries = t.app.get(GroupSummaryService);
    const job = { companyId: A, groupId: 103, day: '2026-03-10', at: new Date(realNow).toISOString(), time: '12:10:00' };
    await summaries.run(job);
    await summaries.run(job);
    await t.published();
    const posted = t.events.flatMap((envelope) => readEvent(aiGroupSummarised, envelope) ?? []);
    expect(posted).toEqual([
      { ticketId: 77, contactId: 103, day: '2026-03-10', body: '📝 *Resumo do dia 2026-03-10*\n\n- Pedido de 3 bolos\n- Entrega na sexta' },
    ]);
    const [asked] = model.requests;
    expect(asked!.authorization).toBe(`Bearer ${SUMMARY_KEY}`);
    expect(asked!.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 2000, temperature: 0.7 });
    expect(asked!.body.messages[0]).toEqual({ role: 'system', content: 'Resuma em tópicos.' });
    expect(asked!.body.messages[1]!.content).toContain('Ana: Preciso de 3 bolos');
    expect(asked!.body.messages[1]!.content).toContain('Bruno: Entrego na sexta');
    expect(asked!.body.messages[1]!.content).not.toContain('anteontem');
    expect(model.requests).toHaveLength(1);
  });

  it('a group deleted in conversations leaves the list', async () => {
    await t.publish(contactDeleted, A, 'contact-125', { contactId: 125 });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.group_contacts WHERE id = 125`)).length === 0);
    expectErrorAnswer(await put(A, 125, { activetranscribe: true }).expect(404), 'ERR_NOT_FOUND');
    clock = NOON;
  });
});
