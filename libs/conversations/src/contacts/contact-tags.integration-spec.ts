import { contactListResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

describe("GET /contacts carries each contact's tags (the ticketz client's contacts list reads contacts[].tags)", () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.connection({ id: 10, companyId: A });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const tag = async (token: string, name: string, color: string): Promise<number> =>
    (await api().post('/api/tags').set('Authorization', `Bearer ${token}`).send({ name, color }).expect(201)).body.id;

  it("a contact's tags are those of its tickets, by name, read in the one statement of the page", async () => {
    const vip = await tag(admin(), 'VIP', '#aa0000');
    const atacado = await tag(admin(), 'Atacado', '#00aa00');
    const foreign = await tag(outsider(), 'Estrangeira', '#0000aa');
    const numbers = ['5511955550001', '5511955550002', '5511955550003'];
    for (const number of numbers) await s.inbound(A, 10, anInboundText(number, 'Oi'));
    const [first, second] = await Promise.all(numbers.slice(0, 2).map((number) => s.ticketOf(number)));
    await api()
      .post('/api/tags/sync')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ ticketId: first!.id, tags: [{ id: vip }, { id: atacado }] })
      .expect((r) => expect(r.status).toBeLessThan(300));
    await api()
      .post('/api/tags/sync')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ ticketId: second!.id, tags: [{ id: vip }] })
      .expect((r) => expect(r.status).toBeLessThan(300));
    // Another company's tag on this company's ticket (no route allows it) never shows.
    await t.dataSource.query(`INSERT INTO conversations.ticket_tags (ticket_id, tag_id) VALUES ($1, $2)`, [second!.id, foreign]);

    // The tag syncs' events handled first: their consumers read through this data source too.
    await t.published();
    const query = jest.spyOn(t.dataSource, 'query');
    const page = await api().get('/api/contacts/').set('Authorization', `Bearer ${admin()}`).expect(200);
    const statements = query.mock.calls.length;
    query.mockRestore();
    expect(statements).toBe(1);

    const byNumber = new Map(expectAnswer(contactListResponseSchema, page).contacts.map((contact) => [contact.number, contact.tags]));
    expect(byNumber.get(numbers[0]!)).toEqual([
      { id: atacado, name: 'Atacado', color: '#00aa00' },
      { id: vip, name: 'VIP', color: '#aa0000' },
    ]);
    expect(byNumber.get(numbers[1]!)).toEqual([{ id: vip, name: 'VIP', color: '#aa0000' }]);
    expect(byNumber.get(numbers[2]!)).toEqual([]);
    expect(
      expectAnswer(contactListResponseSchema, await api().get('/api/contacts/').set('Authorization', `Bearer ${outsider()}`)).contacts,
    ).toEqual([]);
  });
});
