import { companyCreated } from '@app/contracts';

import { IdentityProjectionConsumer } from '../projections/identity-projection.consumer';
import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { envelopeOf } from '../testing/inbox-scenario';
import { InboxScenario } from '../testing/inbox-scenario';
import { queueMenu } from './queue-router';

const A = 1;

describe('routing a new ticket by queue options', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let sales: number;
  let support: number;
  const sentTo = async (number: string): Promise<string[]> =>
    (
      await t.dataSource.query(
        `SELECT m.body FROM conversations.messages m JOIN conversations.contacts c ON c.id = m.contact_id
         WHERE c.number = $1 AND m.from_me ORDER BY m.id`,
        [number],
      )
    ).map((row: { body: string }) => row.body);

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    sales = await s.queue(A, 'Vendas', '#ff0000', 'Bem-vindo às vendas');
    support = await s.queue(A, 'Suporte', '#00ff00', 'Suporte aqui');
    await s.connection({
      id: 10,
      companyId: A,
      queueIds: [sales, support],
      greetingMessage: 'Olá! Escolha uma opção:',
      maxUseBotQueues: 2,
    });
    await s.connection({ id: 11, companyId: A, queueIds: [sales], isDefault: false });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a first message on a connection with several queues gets the greeting with numbered options', async () => {
    await s.inbound(A, 10, anInboundText('5511911110001', 'Oi'));
    expect(await sentTo('5511911110001')).toEqual(['Olá! Escolha uma opção:\n\n*1* - Suporte\n*2* - Vendas']);
    const ticket = await s.ticketOf('5511911110001');
    expect(ticket).toMatchObject({ status: 'pending', queue_id: null });
  });

  it("the customer's answer routes the ticket to that queue and its greeting follows", async () => {
    await s.inbound(A, 10, anInboundText('5511911110001', ' 2 '));
    expect(await sentTo('5511911110001')).toEqual([
      queueMenu('Olá! Escolha uma opção:', [{ name: 'Suporte' }, { name: 'Vendas' }]),
      'Bem-vindo às vendas',
    ]);
    expect((await s.ticketOf('5511911110001')).queue_id).toBe(sales);
  });

  it('a wrong answer repeats the menu up to maxUseBotQueues times, then the bot stops asking', async () => {
    await s.inbound(A, 10, anInboundText('5511911110002', 'Oi'));
    await s.inbound(A, 10, anInboundText('5511911110002', 'quero falar com alguém'));
    await s.inbound(A, 10, anInboundText('5511911110002', '9'));
    const sent = await sentTo('5511911110002');
    expect(sent).toHaveLength(2);
    expect((await s.ticketOf('5511911110002')).queue_id).toBeNull();
  });

  it('a connection with a single queue assigns it directly and sends its greeting', async () => {
    await s.inbound(A, 11, anInboundText('5511911110003', 'Oi'));
    expect((await s.ticketOf('5511911110003')).queue_id).toBe(sales);
    expect(await sentTo('5511911110003')).toEqual(['Bem-vindo às vendas']);
  });

  it("outside the queue's hours (scheduleType queue) the out-of-hours message goes instead of the greeting", async () => {
    const closedAllWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTime: '00:00',
      endTime: '00:00',
    }));
    await t.dataSource.query(`UPDATE conversations.queues SET schedules = $2, out_of_hours_message = 'Estamos fechados' WHERE id = $1`, [
      support,
      JSON.stringify(closedAllWeek),
    ]);
    await s.setting(A, 'scheduleType', 'queue');
    await s.inbound(A, 10, anInboundText('5511911110004', 'Oi'));
    await s.inbound(A, 10, anInboundText('5511911110004', '1'));
    expect((await sentTo('5511911110004')).slice(1)).toEqual(['Estamos fechados']);
    expect((await s.ticketOf('5511911110004')).queue_id).toBe(support);
  });

  it("outside the company's hours (scheduleType company) a new ticket gets the connection's out-of-hours message instead of the menu", async () => {
    await s.connection({
      id: 10,
      companyId: A,
      queueIds: [sales, support],
      greetingMessage: 'Olá! Escolha uma opção:',
      maxUseBotQueues: 2,
      outOfHoursMessage: 'Voltamos às 8h',
    });
    const closed = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTime: '',
      endTime: '',
    }));
    await t.app.get(IdentityProjectionConsumer).handle(
      envelopeOf(companyCreated, A, A, {
        company: {
          id: A,
          name: 'Empresa',
          planId: 1,
          status: true,
          approved: true,
          dueDate: null,
          recurrence: 'MENSAL',
          schedules: closed,
        },
      }),
    );
    await s.setting(A, 'scheduleType', 'company');
    await s.inbound(A, 10, anInboundText('5511911110005', 'Oi'));
    expect(await sentTo('5511911110005')).toEqual(['Voltamos às 8h']);
    await s.setting(A, 'scheduleType', 'disabled');
  });

  it("reads the company's hours in its own time zone: Monday 09:30 in Tokyo is open there while São Paulo is still on Sunday", async () => {
    const mondayOnly = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTime: weekdayEn === 'monday' ? '08:00' : '',
      endTime: weekdayEn === 'monday' ? '18:00' : '',
    }));
    // Company 3 in Tokyo, company 4 left at the default zone; the same hours, the same connection setup.
    const [tokyo, saoPaulo] = [3, 4];
    for (const companyId of [tokyo, saoPaulo]) {
      const first = await s.queue(companyId, 'Vendas', '#ff0000', 'Bem-vindo');
      const second = await s.queue(companyId, 'Suporte', '#00ff00', 'Suporte aqui');
      await s.connection({
        id: 30 + companyId,
        companyId,
        queueIds: [first, second],
        greetingMessage: 'Escolha:',
        maxUseBotQueues: 2,
        outOfHoursMessage: 'Fechado agora',
      });
      await t.app.get(IdentityProjectionConsumer).handle(
        envelopeOf(companyCreated, companyId, companyId, {
          company: {
            id: companyId,
            name: `Empresa ${companyId}`,
            planId: 1,
            status: true,
            approved: true,
            dueDate: null,
            recurrence: 'MENSAL',
            schedules: mondayOnly,
          },
        }),
      );
      await s.setting(companyId, 'scheduleType', 'company');
    }
    await s.setting(tokyo, 'timezone', 'Asia/Tokyo');
    // 2026-01-05T00:30Z: Monday 09:30 in Tokyo, Sunday 21:30 in São Paulo.
    const mondayMorningInTokyo = { timestamp: '2026-01-05T00:30:00.000Z' };
    await s.inbound(tokyo, 33, anInboundText('5511911120001', 'Oi', mondayMorningInTokyo));
    expect(await sentTo('5511911120001')).toEqual(['Escolha:\n\n*1* - Suporte\n*2* - Vendas']);
    await s.inbound(saoPaulo, 34, anInboundText('5511911120002', 'Oi', mondayMorningInTokyo));
    expect(await sentTo('5511911120002')).toEqual(['Fechado agora']);
    // 2026-01-05T12:00Z: Monday 21:00 in Tokyo (closed), Monday 09:00 in São Paulo (open).
    await s.inbound(tokyo, 33, anInboundText('5511911120003', 'Oi', { timestamp: '2026-01-05T12:00:00.000Z' }));
    expect(await sentTo('5511911120003')).toEqual(['Fechado agora']);
  });
});
