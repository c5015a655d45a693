import { randomUUID } from 'node:crypto';

import { waitFor } from '@app/platform/testing';
import type { Logger } from '@nestjs/common';

import type { OutgoingMessage, WhatsAppSession } from '../providers/whatsapp-provider';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';
import { MessageSender } from './message-sender';
import { type SendCommand, SendIntentRepository } from './send-intent.repository';

jest.setTimeout(60_000);

const COMPANY = 101;
const silent = { log() {}, warn() {}, error() {}, debug() {}, verbose() {} } as unknown as Logger;

/**
 * A provider's session speaking to a fake phone: `delivered` is what the phone holds, by message id
 * (shared between sessions, as WhatsApp's servers are); each send takes `sendMs` unless `hold` keeps it.
 */
class FakeSession implements WhatsAppSession {
  connected = true;
  readonly sends: { messageId: string; to: string; body: string; startedAt: number; endedAt?: number }[] = [];
  readonly inFlightByChat = new Map<string, number>();
  maxInFlight = 0;
  overlapInChat = false;
  private inFlight = 0;
  hold?: Promise<void>;

  constructor(
    private readonly delivered: Map<string, number>,
    private readonly sendMs: (message: OutgoingMessage) => number,
    /** Delivered before `hold` is waited on (the phone got it, our side never heard back). */
    private readonly deliversBeforeHold: (message: OutgoingMessage) => boolean = () => false,
  ) {}

  async start(): Promise<void> {}

  async send(message: OutgoingMessage): Promise<{ stored?: string }> {
    const entry = {
      messageId: message.messageId,
      to: message.to,
      body: this.body(message),
      startedAt: Date.now(),
      endedAt: undefined as number | undefined,
    };
    this.sends.push(entry);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const inChat = (this.inFlightByChat.get(message.to) ?? 0) + 1;
    this.inFlightByChat.set(message.to, inChat);
    if (inChat > 1) this.overlapInChat = true;
    try {
      if (this.hold) {
        if (this.deliversBeforeHold(message)) this.deliver(message);
        await this.hold;
        if (!this.connected) throw new Error('the socket closed');
      }
      await new Promise((resolve) => setTimeout(resolve, this.sendMs(message)));
      if (!this.delivered.has(message.messageId)) this.deliver(message);
      return {};
    } finally {
      this.inFlight--;
      this.inFlightByChat.set(message.to, this.inFlightByChat.get(message.to)! - 1);
      entry.endedAt = Date.now();
    }
  }

  async wasSent(messageId: string): Promise<boolean> {
    return this.delivered.has(messageId);
  }

  async checkNumbers(): Promise<never[]> {
    return [];
  }

  async stop(): Promise<void> {
    this.connected = false;
  }

  async logout(): Promise<void> {
    this.connected = false;
  }

  private deliver(message: OutgoingMessage): void {
    this.delivered.set(message.messageId, (this.delivered.get(message.messageId) ?? 0) + 1);
  }

  private body(message: OutgoingMessage): string {
    return message.content.type === 'text' ? message.content.body : message.content.type;
  }
}

describe('MessageSender: chats in parallel, each chat in order, each send once (real PostgreSQL)', () => {
  let t: WhatsappTestApp;
  let intents: SendIntentRepository;
  let nextConnection = 9_000;
  const senders: MessageSender[] = [];

  beforeAll(async () => {
    t = await startWhatsappTestApp({ runSessions: false });
    intents = t.app.get(SendIntentRepository);
  });
  afterAll(async () => {
    await Promise.all(senders.map((sender) => sender.stop()));
    await t.close();
  });

  /** Records the sends as the command handler does, in this order; returns them with their message ids. */
  async function record(connectionId: number, sends: { to: string; body: string }[]) {
    const recorded: { to: string; body: string; commandId: string; waMessageId: string }[] = [];
    for (const { to, body } of sends) {
      const command: SendCommand = {
        commandId: randomUUID(),
        connectionId,
        to,
        isGroup: false,
        content: { type: 'text', body },
        quotedId: null,
        isForwarded: false,
        reference: null,
      };
      const waMessageId = `3EB0${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
      await intents.transaction((manager) => intents.record(manager, command, COMPANY, waMessageId));
      recorded.push({ to, body, commandId: command.commandId, waMessageId });
    }
    return recorded;
  }

  function sender(connectionId: number, session: FakeSession, concurrency: number, sendTimeoutMs = 30_000): MessageSender {
    const created = new MessageSender({
      connectionId,
      intents,
      session: () => session,
      loadMedia: async () => Buffer.alloc(0),
      sendTimeoutMs,
      concurrency,
      logger: silent,
    });
    senders.push(created);
    created.start();
    return created;
  }

  async function statuses(connectionId: number): Promise<Record<string, number>> {
    const rows: { status: string; count: string }[] = await t.dataSource.query(
      `SELECT status, count(*) FROM whatsapp.send_intents WHERE connection_id = $1 GROUP BY status`,
      [connectionId],
    );
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }

  it('20 sends to 20 chats, each taking 200 ms, go out in parallel (bounded by the concurrency)', async () => {
    const connectionId = nextConnection++;
    await record(
      connectionId,
      Array.from({ length: 20 }, (_, i) => ({ to: `55119000${String(i).padStart(4, '0')}`, body: `oi ${i}` })),
    );
    const session = new FakeSession(new Map(), () => 200);
    const startedAt = Date.now();
    const running = sender(connectionId, session, 8);
    running.nudge();
    await waitFor(async () => ((await statuses(connectionId)).sent === 20 ? true : undefined), { what: 'all 20 sent' });
    const elapsed = Date.now() - startedAt;
    // One at a time would take 20 × 200 ms = 4 s at the least; 8 at once is 3 rounds of 200 ms.
    expect(elapsed).toBeLessThan(2_500);
    expect(session.sends).toHaveLength(20);
    expect(session.maxInFlight).toBeGreaterThan(1);
    expect(session.maxInFlight).toBeLessThanOrEqual(8);
  });

  it('within a chat the sends go out one at a time in their order, while chats run in parallel', async () => {
    const connectionId = nextConnection++;
    const chats = ['5511911110001', '5511911110002', '5511911110003', '5511911110004'];
    const plan = Array.from({ length: 24 }, (_, i) => ({ to: chats[i % chats.length]!, body: `msg ${i}` }));
    const recorded = await record(connectionId, plan);
    // Uneven durations so that a chat whose next send jumped the queue would show it.
    const session = new FakeSession(new Map(), (message) =>
      message.content.type === 'text' && message.content.body.endsWith('0') ? 120 : 15,
    );
    sender(connectionId, session, 16).nudge();
    await waitFor(async () => ((await statuses(connectionId)).sent === 24 ? true : undefined), { what: 'all 24 sent' });
    expect(session.overlapInChat).toBe(false);
    expect(session.maxInFlight).toBeGreaterThan(1);
    for (const chat of chats) {
      const sentInChat = session.sends.filter((s) => s.to === chat);
      expect(sentInChat.map((s) => s.body)).toEqual(recorded.filter((r) => r.to === chat).map((r) => r.body));
      for (let i = 1; i < sentInChat.length; i++) expect(sentInChat[i]!.startedAt).toBeGreaterThanOrEqual(sentInChat[i - 1]!.endedAt!);
    }
    await t.published();
    const sentEvents = t.events
      .filter((e) => e.type === 'whatsapp.message.sent')
      .map((e) => e.payload as { connectionId: number; commandId: string })
      .filter((p) => p.connectionId === connectionId);
    for (const chat of chats) {
      const commandIds = recorded.filter((r) => r.to === chat).map((r) => r.commandId);
      expect(sentEvents.map((p) => p.commandId).filter((id) => commandIds.includes(id))).toEqual(commandIds);
    }
  });

  it('a crash mid-batch leaves sends in `sending`: the next sender settles what the phone has and sends the rest once, same ids', async () => {
    const connectionId = nextConnection++;
    const chats = Array.from({ length: 8 }, (_, i) => `55119222200${i}`);
    const recorded = await record(connectionId, [
      ...chats.map((to, i) => ({ to, body: `primeira ${i}` })),
      ...chats.map((to, i) => ({ to, body: `segunda ${i}` })),
    ]);
    const phone = new Map<string, number>();
    // The first process: 4 sends in flight when it dies; the phone got those of even chats.
    let crash!: () => void;
    const first = new FakeSession(
      phone,
      () => 0,
      (message) => chats.indexOf(message.to) % 2 === 0,
    );
    first.hold = new Promise((resolve) => (crash = resolve));
    const dying = sender(connectionId, first, 4);
    dying.nudge();
    await waitFor(() => (first.sends.length === 4 ? true : undefined), { what: '4 sends in flight' });
    expect(await statuses(connectionId)).toEqual({ sending: 4, pending: 12 });
    first.connected = false;
    crash();
    await dying.stop();
    expect(await statuses(connectionId)).toEqual({ sending: 4, pending: 12 });
    const delivered = first.sends.filter((s) => phone.has(s.messageId)).map((s) => s.messageId);
    expect(delivered).toHaveLength(2);

    const second = new FakeSession(phone, () => 20);
    sender(connectionId, second, 4).nudge();
    await waitFor(async () => ((await statuses(connectionId)).sent === 16 ? true : undefined), { what: 'all 16 settled' });
    // Every message reached the phone exactly once, under the id it was recorded with.
    expect([...phone.keys()].sort()).toEqual(recorded.map((r) => r.waMessageId).sort());
    expect([...phone.values()].every((count) => count === 1)).toBe(true);
    // What the phone already had was not sent again; the interrupted rest went out under the same ids.
    expect(second.sends.map((s) => s.messageId).filter((id) => delivered.includes(id))).toEqual([]);
    const interrupted = first.sends.map((s) => s.messageId).filter((id) => !delivered.includes(id));
    expect(second.sends.map((s) => s.messageId)).toEqual(expect.arrayContaining(interrupted));
    expect(second.sends).toHaveLength(14);
    expect(second.overlapInChat).toBe(false);
    for (const chat of chats) {
      expect(second.sends.filter((s) => s.to === chat).at(-1)?.body).toMatch(/^segunda/);
    }
    await t.published();
    const sentCommandIds = t.events
      .filter((e) => e.type === 'whatsapp.message.sent')
      .map((e) => e.payload as { connectionId: number; commandId: string })
      .filter((p) => p.connectionId === connectionId)
      .map((p) => p.commandId);
    expect(sentCommandIds.sort()).toEqual(recorded.map((r) => r.commandId).sort());
  });

  it('stop() resolves only once the sends in flight are settled', async () => {
    const connectionId = nextConnection++;
    await record(connectionId, [
      { to: '5511933330001', body: 'a' },
      { to: '5511933330002', body: 'b' },
    ]);
    const session = new FakeSession(new Map(), () => 300);
    const running = sender(connectionId, session, 4);
    running.nudge();
    await waitFor(() => (session.sends.length === 2 ? true : undefined), { what: 'both sends in flight' });
    await running.stop();
    expect(session.sends.every((s) => s.endedAt !== undefined)).toBe(true);
    expect(await statuses(connectionId)).toEqual({ sent: 2 });
  });

  it('without a connected session every chat waits, then fails after the send timeout, each chat in its order', async () => {
    const connectionId = nextConnection++;
    const recorded = await record(connectionId, [
      { to: '5511944440001', body: 'a1' },
      { to: '5511944440002', body: 'b1' },
      { to: '5511944440001', body: 'a2' },
      { to: '5511944440002', body: 'b2' },
    ]);
    const session = new FakeSession(new Map(), () => 0);
    session.connected = false;
    sender(connectionId, session, 4, 400).nudge();
    await waitFor(async () => ((await statuses(connectionId)).failed === 4 ? true : undefined), { what: 'all 4 failed' });
    expect(session.sends).toEqual([]);
    await t.published();
    const failed = t.events
      .filter((e) => e.type === 'whatsapp.message.sendFailed')
      .map((e) => e.payload as { connectionId: number; commandId: string; error: string; reason: string })
      .filter((p) => p.connectionId === connectionId);
    expect(failed.every((p) => p.error === 'ERR_SENDING_WAPP_MSG' && p.reason.startsWith('ERR_WAPP_NOT_INITIALIZED'))).toBe(true);
    for (const chat of ['5511944440001', '5511944440002']) {
      const commandIds = recorded.filter((r) => r.to === chat).map((r) => r.commandId);
      expect(failed.map((p) => p.commandId).filter((id) => commandIds.includes(id))).toEqual(commandIds);
    }
  });
});
