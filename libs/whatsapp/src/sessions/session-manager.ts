import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import {
  type EventEnvelope,
  type EventPayload,
  messageSendRequested,
  numbersChecked,
  numbersCheckRequested,
  sessionActionRequested,
  simulatorActionRequested,
} from '@app/contracts';
import { OutboxWriter, PartialBatchError, type PlatformOptions, readEvent, withTimeout } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { AuthStateRepository } from '../common/auth-state.repository';
import { ConnectionRepository, type StoredConnection } from '../common/connection.repository';
import { SessionLeaseRepository } from '../common/session-lease.repository';
import {
  DEFAULT_LEASE_TTL_MS,
  DEFAULT_SEND_CONCURRENCY,
  DEFAULT_SEND_TIMEOUT_MS,
  SESSION_OWNER,
  WHATSAPP_OPTIONS,
  type WhatsappOptions,
} from '../common/whatsapp-options';
import { MediaStore } from '../media/media-store';
import { InboundMessageService } from '../messages/inbound-message.service';
import { SendIntentRepository } from '../messages/send-intent.repository';
import { type SimulatorInbound, SimulatorSession } from '../providers/simulator/simulator.provider';
import { SessionRunner, type SessionRunnerDeps } from './session-runner';
import { SessionStateWriter } from './session-state.writer';
import { WhatsappProviders } from './whatsapp-providers';

const SIMULATOR_STEP_WAIT_MS = 5_000;
/** A batch of number checks (at most 50, one WhatsApp query each) answers within this or fails. */
const NUMBER_CHECK_TIMEOUT_MS = 60_000;

/** One customer message of the simulator, its media already staged. */
export interface SimulatorInboundRequest {
  messageId: string;
  inbound: SimulatorInbound;
}

/** A simulator command that brings the phone's customer a plain message (no edit, no delete). */
function plainInbound(envelope: EventEnvelope) {
  const command = readEvent(simulatorActionRequested, envelope);
  if (command?.action !== 'inbound' || !command.messageId) return null;
  const inbound = command.inbound as SimulatorInbound | undefined;
  return inbound && !inbound.deleteOf && !inbound.editOf ? command : null;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** A WhatsApp-style message id (what Baileys generates: 3EB0 and hex). */
export const newWaMessageId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;

/** This process's name on its session leases; standalone is the only process on its database, so after a crash it takes its own leases back at once. */
export function sessionOwner(platform: PlatformOptions): string {
  return platform.kafkaBrokers?.length ? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}` : 'standalone';
}

/**
 * The sessions this process runs: those of the connections whose command partitions it owns
 * (all of them in standalone). Commands for one connection are applied one after another.
 */
@Injectable()
export class SessionManager {
  private readonly logger = new Logger('WhatsappSessions');
  private readonly runners = new Map<number, SessionRunner>();
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly deps: SessionRunnerDeps;
  private owns: (connectionId: number) => boolean = () => false;
  private closed = false;

  constructor(
    private readonly connections: ConnectionRepository,
    private readonly providers: WhatsappProviders,
    private readonly intents: SendIntentRepository,
    leases: SessionLeaseRepository,
    auth: AuthStateRepository,
    state: SessionStateWriter,
    inbound: InboundMessageService,
    media: MediaStore,
    @Inject(SESSION_OWNER) owner: string,
    @Inject(WHATSAPP_OPTIONS) options: WhatsappOptions,
    private readonly outbox: OutboxWriter,
  ) {
    this.deps = {
      owner,
      leases,
      leaseTtlMs: options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS,
      auth,
      state,
      inbound,
      intents,
      media,
      sendTimeoutMs: options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
      sendConcurrency: Math.max(1, options.sendConcurrency ?? DEFAULT_SEND_CONCURRENCY),
      logger: this.logger,
    };
  }

  get runningConnectionIds(): number[] {
    return [...this.runners.keys()].sort((a, b) => a - b);
  }

  runner(connectionId: number): SessionRunner | undefined {
    return this.runners.get(connectionId);
  }

  /** The partitions of this process changed: start what it now owns, hand over what it no longer does. */
  async setOwnership(owns: (connectionId: number) => boolean): Promise<void> {
    this.owns = owns;
    const rows = await this.connections.allForSessions();
    const existing = new Set(rows.map((row) => row.id));
    await Promise.all(
      [...this.runners.keys()].filter((id) => !existing.has(id) || !owns(id)).map((id) => this.serial(id, () => this.stopRunner(id))),
    );
    for (const row of rows) {
      if (owns(row.id) && row.status !== 'DISCONNECTED') void this.serial(row.id, () => this.ensureRunner(row));
    }
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const send = readEvent(messageSendRequested, envelope);
    if (send) return this.serial(send.connectionId, () => this.recordSend(envelope, send));
    const action = readEvent(sessionActionRequested, envelope);
    if (action) return this.serial(action.connectionId, () => this.applyAction(action.connectionId, action.action, envelope.companyId));
    const simulator = readEvent(simulatorActionRequested, envelope);
    if (simulator) return this.serial(simulator.connectionId, () => this.applySimulator(simulator, envelope.companyId));
    const check = readEvent(numbersCheckRequested, envelope);
    if (check) return this.serial(check.connectionId, () => this.checkNumbers(check, envelope.companyId));
  }

  /**
   * A batch of number checks for another service (outbound's contact lists), in turn with the
   * connection's other commands; always answered, with the results or with why there are none.
   */
  private async checkNumbers(command: EventPayload<typeof numbersCheckRequested>, companyId: number | null): Promise<void> {
    const answer = (payload: Pick<EventPayload<typeof numbersChecked>, 'results' | 'error'>) =>
      this.outbox.addAlone(this.connections.autocommit, {
        definition: numbersChecked,
        companyId,
        key: command.connectionId,
        payload: { requestId: command.requestId, connectionId: command.connectionId, reference: command.reference, ...payload },
      });
    const connection = await this.connections.byId(command.connectionId);
    if (!connection || connection.companyId !== companyId) return void (await answer({ results: null, error: 'ERR_NO_WAPP_FOUND' }));
    const runner = this.runners.get(connection.id);
    const session = runner && !runner.stopped ? runner.current : null;
    if (!session?.connected) return void (await answer({ results: null, error: 'ERR_WAPP_NOT_INITIALIZED' }));
    try {
      const results = await withTimeout(
        session.checkNumbers(command.numbers),
        NUMBER_CHECK_TIMEOUT_MS,
        'WhatsApp did not answer the number check',
      );
      await answer({ results, error: null });
    } catch (error) {
      this.logger.warn({ connectionId: connection.id, error: String(error) }, 'number check for another service failed');
      await answer({ results: null, error: 'ERR_WAPP_CHECK_CONTACT' });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.runners.keys()].map((id) => this.serial(id, () => this.stopRunner(id))));
  }

  private async recordSend(envelope: EventEnvelope, command: ReturnType<typeof messageSendRequested.payload.parse>): Promise<void> {
    const connection = await this.connections.byId(command.connectionId);
    const companyId = connection?.companyId ?? envelope.companyId ?? 0;
    const recorded = await this.intents.transaction((manager) => this.intents.record(manager, command, companyId, newWaMessageId()));
    if (!connection) {
      const intent = await this.intents.nextOpen(command.connectionId);
      if (intent && recorded) await this.intents.markFailed(intent, `ERR_NO_WAPP_FOUND: connection ${command.connectionId} does not exist`);
      return;
    }
    if (connection.companyId !== envelope.companyId) {
      this.logger.warn({ connectionId: connection.id, companyId: envelope.companyId }, 'send command for another company refused');
      const intent = await this.intents.nextOpen(command.connectionId);
      if (intent?.commandId === command.commandId)
        await this.intents.markFailed(intent, 'ERR_NO_WAPP_FOUND: not a connection of this company');
      return;
    }
    this.runners.get(connection.id)?.nudgeSender();
  }

  private async applyAction(
    connectionId: number,
    action: 'start' | 'restart' | 'newQr' | 'logout' | 'stop',
    companyId: number | null,
  ): Promise<void> {
    const row = await this.connections.byId(connectionId);
    if (row && row.companyId !== companyId) {
      this.logger.warn({ connectionId, companyId }, 'session command for another company ignored');
      return;
    }
    if (!row || action === 'stop') {
      await this.stopRunner(connectionId);
      if (!row) await this.deps.auth.clear(connectionId);
      return;
    }
    if (action === 'logout') {
      const runner = await this.ensureRunner(row);
      await runner?.logout();
      return;
    }
    const existing = this.runners.get(connectionId);
    if (!existing || existing.stopped) {
      if (action === 'newQr') await this.deps.auth.clear(connectionId);
      // Not awaited: taking the lease may wait for a previous owner, and commands must keep flowing.
      await this.ensureRunner(row);
      return;
    }
    await existing.reopen({ forgetLogin: action === 'newQr' });
  }

  /**
   * Several commands in order. A run of the simulator's plain inbound messages for one connection is
   * stored as one burst (one transaction), as a real session stores a burst of messages.
   */
  async handleBatch(envelopes: EventEnvelope[]): Promise<void> {
    let handled = 0;
    try {
      await this.handleInOrder(envelopes, (count) => (handled = count));
    } catch (error) {
      // The commands before the one that failed are applied: the transport handles the rest again.
      throw new PartialBatchError(handled, error);
    }
  }

  private async handleInOrder(envelopes: EventEnvelope[], progress: (handled: number) => void): Promise<void> {
    for (let i = 0; i < envelopes.length; progress(i)) {
      const first = plainInbound(envelopes[i]!);
      if (!first) {
        await this.handle(envelopes[i]!);
        i += 1;
        continue;
      }
      const companyId = envelopes[i]!.companyId;
      const run = [first];
      for (i += 1; i < envelopes.length; i++) {
        const next = plainInbound(envelopes[i]!);
        if (!next || next.connectionId !== first.connectionId || envelopes[i]!.companyId !== companyId) break;
        run.push(next);
      }
      await this.serial(first.connectionId, async () => {
        const session = await this.simulatorSession(first.connectionId, companyId, 'inbound');
        await session?.inboundAll(run.map((command) => ({ messageId: command.messageId!, inbound: command.inbound as SimulatorInbound })));
      });
    }
  }

  /**
   * The simulator's customer messages for a connection whose session this process runs and has
   * connected: handed to it at once, as a phone's traffic reaches a real session, and stored (in
   * one transaction for a run of plain messages) before this resolves true. False when the session
   * runs elsewhere or is not connected: the caller sends them as commands to whichever process runs it.
   */
  async receiveSimulated(companyId: number, connectionId: number, requests: SimulatorInboundRequest[]): Promise<boolean> {
    const local = () => this.connectedSimulator(companyId, connectionId);
    if (!local()) return false;
    return this.serial(connectionId, async () => {
      const session = local();
      if (!session) return false;
      for (let i = 0; i < requests.length;) {
        const plain: SimulatorInboundRequest[] = [];
        while (i < requests.length && !requests[i]!.inbound.deleteOf && !requests[i]!.inbound.editOf) plain.push(requests[i++]!);
        if (plain.length) await session.inboundAll(plain);
        else {
          const { messageId, inbound } = requests[i++]!;
          await session.inbound(messageId, inbound);
        }
      }
      return true;
    });
  }

  /** Whether this process runs the company's simulated session of the connection, connected. */
  runsConnectedSimulator(companyId: number, connectionId: number): boolean {
    return this.connectedSimulator(companyId, connectionId) !== undefined;
  }

  private connectedSimulator(companyId: number, connectionId: number): SimulatorSession | undefined {
    const runner = this.runners.get(connectionId);
    const session = runner && !runner.stopped && runner.companyId === companyId ? runner.current : null;
    return session instanceof SimulatorSession && session.connected ? session : undefined;
  }

  /** The connection's simulated session once it is open; undefined (the step is dropped) when there is none. */
  private async simulatorSession(connectionId: number, companyId: number | null, action: string): Promise<SimulatorSession | undefined> {
    const runner = this.runners.get(connectionId);
    if (!runner || runner.companyId !== companyId) return undefined;
    // A session still waiting for its lease (a handover) is not waited for long: the step is dropped.
    const started = await Promise.race([runner.start().then(() => true), sleep(SIMULATOR_STEP_WAIT_MS).then(() => false)]);
    if (!started) {
      this.logger.warn({ connectionId, action }, 'simulator step dropped: the session is not open yet');
      return undefined;
    }
    const session = runner.current;
    return session instanceof SimulatorSession ? session : undefined;
  }

  private async applySimulator(
    command: ReturnType<typeof simulatorActionRequested.payload.parse>,
    companyId: number | null,
  ): Promise<void> {
    const session = await this.simulatorSession(command.connectionId, companyId, command.action);
    if (!session) return;
    switch (command.action) {
      case 'scan':
        return session.scan(command.number);
      case 'disconnect':
        return session.phoneDisconnected();
      case 'ack':
        return session.ack(command.messageId, command.ack);
      case 'inbound':
        return session.inbound(command.messageId, command.inbound as SimulatorInbound);
      case 'contacts':
        return session.addressBook(command.contacts);
    }
  }

  private async ensureRunner(
    row: Pick<StoredConnection, 'id' | 'companyId' | 'provider' | 'proxyUrl'>,
  ): Promise<SessionRunner | undefined> {
    if (this.closed || !this.owns(row.id)) return undefined;
    const current = this.runners.get(row.id);
    if (current && !current.stopped) return current;
    const provider = this.providers.get(row.provider);
    if (!provider) {
      this.logger.warn({ connectionId: row.id, provider: row.provider }, 'provider not enabled in this process; session not started');
      return undefined;
    }
    const runner = new SessionRunner({ id: row.id, companyId: row.companyId, proxyUrl: row.proxyUrl }, provider, this.deps);
    this.runners.set(row.id, runner);
    void runner.start().catch((error) => {
      this.logger.error({ connectionId: row.id, error: String(error) }, 'session start failed; the next command for it starts it again');
      void this.serial(row.id, async () => {
        if (this.runners.get(row.id) === runner) await this.stopRunner(row.id);
      });
    });
    return runner;
  }

  private async stopRunner(connectionId: number): Promise<void> {
    const runner = this.runners.get(connectionId);
    if (!runner) return;
    this.runners.delete(connectionId);
    await runner.stop();
  }

  /** Runs the work after every earlier piece of work for the same connection. */
  private serial<T>(connectionId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(connectionId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(connectionId, settled);
    void settled.then(() => {
      if (this.chains.get(connectionId) === settled) this.chains.delete(connectionId);
    });
    return next;
  }
}
