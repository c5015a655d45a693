import {
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
  messageSendFailed,
  messageSendRequested,
  messageSent,
  messageVariableValues,
  type OutboundSendReference,
  outboundSendReference,
  renderMessageVariables,
  type ScheduleReminderKind,
  type SendContent,
} from '@app/contracts';
import { JOBS, type Jobs, type NewEvent, OutboxWriter, readEvent } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { mediaTypeOf } from '../../common/media-type';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../../common/outbound-options';
import { fillTemplate } from '../../common/template-content';
import { ConnectionRepository } from '../../projections/connection.repository';
import { BookingSettingsService } from '../settings/booking-settings.service';
import { AppointmentRepository, type DueSend } from './appointment.repository';
import { AppointmentEvents } from './appointment-events';
import { reminderText, sendCommandId } from './appointment-rules';

export const APPOINTMENT_DISPATCH_QUEUE = 'outbound-schedule-dispatch';
export const APPOINTMENT_SWEEP_QUEUE = 'outbound-schedule-sweep';
const SWEEP_EVERY_SECONDS = 60;
const DEFAULT_BATCH = 200;

interface DispatchJob {
  companyId: number;
}

/**
 * Sends appointments' messages and reminders at their time, on pg-boss (no timer in memory):
 * booking schedules a wake-up job per company and due second (queue unique by key, so 10,000 sends
 * due in the same second share one job). A wake-up claims the company's due sends in batches
 * (`FOR UPDATE SKIP LOCKED`) and, in the batch's transaction, writes each one's
 * `whatsapp.message.sendRequested` with a command id derived from the send and its generation, and
 * marks it ENVIANDO. A crash before the commit leaves the sends waiting for the job's retry; a
 * redelivered command is the same command, which whatsapp does not send twice. The answer settles
 * the send (ENVIADA with sentAt, or ERRO with the reason). A sweep every minute wakes any company
 * whose sends are overdue (a wake-up lost with its job's retries).
 */
@Injectable()
export class AppointmentDispatcher implements OnModuleInit {
  private readonly logger = new Logger(AppointmentDispatcher.name);
  private readonly now: () => Date;
  private readonly batch: number;

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly schedules: AppointmentRepository,
    private readonly connections: ConnectionRepository,
    private readonly settings: BookingSettingsService,
    private readonly events: AppointmentEvents,
    private readonly outbox: OutboxWriter,
    @Inject(OUTBOUND_OPTIONS) options: OutboundOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.batch = options.scheduleDispatchBatch ?? DEFAULT_BATCH;
  }

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(APPOINTMENT_DISPATCH_QUEUE, { uniqueByKey: true });
    await this.jobs.declareQueue(APPOINTMENT_SWEEP_QUEUE, { uniqueByKey: true });
    await this.jobs.work<DispatchJob>(APPOINTMENT_DISPATCH_QUEUE, async (job) => {
      await this.dispatchDue(job.data.companyId);
    });
    await this.jobs.work<object>(APPOINTMENT_SWEEP_QUEUE, () => this.sweep());
    await this.jobs.schedule(null, APPOINTMENT_SWEEP_QUEUE, {}, { singletonKey: 'sweep' });
  }

  /** Wake-up jobs for the company at each of these times (one per second, shared by all sends due then). */
  async wakeAt(manager: EntityManager, companyId: number, times: Date[]): Promise<void> {
    if (!this.jobs) return;
    const seconds = [...new Set(times.map((at) => Math.ceil(at.getTime() / 1_000)))];
    for (const second of seconds) {
      await this.jobs.schedule(
        manager,
        APPOINTMENT_DISPATCH_QUEUE,
        { companyId },
        { singletonKey: `company-${companyId}-${second}`, startAfter: new Date(second * 1_000) },
      );
    }
  }

  /** Every send of the company due by now, batch after batch; returns how many were handed to WhatsApp or failed. */
  async dispatchDue(companyId: number): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.schedules.transaction((manager) => this.dispatchBatch(manager, companyId));
      total += claimed;
      if (claimed < this.batch) break;
    }
    // The job runs by the database's clock and claims by this process's: a send due within the next
    // seconds (a clock a little behind) gets a wake-up of its own rather than waiting for the sweep.
    const soon = new Date(this.now().getTime() + 5_000);
    if (await this.schedules.hasDue(null, companyId, soon)) {
      await this.schedules.transaction((manager) => this.wakeAt(manager, companyId, [new Date(this.now().getTime() + 1_000)]));
    }
    return total;
  }

  /** Companies whose sends are overdue are woken; the sweep comes back in a minute. */
  async sweep(): Promise<void> {
    const companies = await this.schedules.companiesWithOverdue(this.now());
    await this.schedules.transaction(async (manager) => {
      for (const companyId of companies) {
        await this.jobs?.schedule(manager, APPOINTMENT_DISPATCH_QUEUE, { companyId }, { singletonKey: `company-${companyId}-sweep` });
      }
      await this.jobs?.schedule(manager, APPOINTMENT_SWEEP_QUEUE, {}, { singletonKey: 'sweep', startAfter: SWEEP_EVERY_SECONDS });
    });
  }

  private async dispatchBatch(manager: EntityManager, companyId: number): Promise<number> {
    const due = await this.schedules.claimDue(manager, companyId, this.now(), this.batch);
    if (due.length === 0) return 0;
    const zones = new Map<number | null, string>();
    const zoneOf = async (calendarId: number | null) => {
      if (!zones.has(calendarId)) zones.set(calendarId, (await this.settings.effective(manager, companyId, calendarId)).row.time_zone);
      return zones.get(calendarId)!;
    };
    const defaultConnection = await this.connections.sendingConnection(manager, companyId);
    const owned = new Set(await this.connections.idsOf(manager, companyId));
    const providers = await this.connections.providersOf(manager, companyId, [...owned]);
    const sending: { id: number; commandId: string; connectionId: number }[] = [];
    const failed: { id: number; reason: string }[] = [];
    const messageSending: number[] = [];
    const messageFailed: { scheduleId: number; reason: string }[] = [];
    const failedSchedules: number[] = [];
    const commands: NewEvent<EventDefinition>[] = [];
    for (const send of due) {
      const connectionId = send.whatsapp_id !== null ? (owned.has(send.whatsapp_id) ? send.whatsapp_id : null) : defaultConnection;
      const reason =
        send.contact_number === null
          ? 'Contato não encontrado'
          : connectionId === null
            ? send.whatsapp_id !== null
              ? 'Conexão do WhatsApp não encontrada'
              : 'Nenhuma conexão do WhatsApp disponível'
            : null;
      if (reason !== null || connectionId === null) {
        failed.push({ id: send.id, reason: reason ?? 'Nenhuma conexão do WhatsApp disponível' });
        failedSchedules.push(send.schedule_id);
        if (send.kind === 'message') messageFailed.push({ scheduleId: send.schedule_id, reason: reason! });
        continue;
      }
      const commandId = sendCommandId(send.id, send.generation);
      commands.push({
        definition: messageSendRequested as EventDefinition,
        companyId,
        key: connectionId,
        payload: {
          commandId,
          connectionId,
          to: send.contact_number!,
          isGroup: send.contact_is_group ?? false,
          content: await this.contentOf(send, zoneOf, providers.get(connectionId) === 'cloud'),
          quotedId: null,
          isForwarded: false,
          reference: outboundSendReference({ service: 'outbound', kind: 'appointment', send: send.id, appointment: send.schedule_id }),
        },
      });
      sending.push({ id: send.id, commandId, connectionId });
      if (send.kind === 'message') messageSending.push(send.schedule_id);
    }
    if (commands.length > 0) await this.outbox.addAll(manager, commands);
    await this.schedules.markSending(manager, sending);
    await this.schedules.failSends(manager, failed);
    await this.schedules.setStatus(manager, messageSending, 'ENVIANDO');
    for (const { scheduleId, reason } of messageFailed) await this.schedules.setStatus(manager, [scheduleId], 'ERRO', null, reason);
    // Live updates for what the screens show: an appointment whose message or reminder failed at
    // once. Handing a send to WhatsApp is announced by its answer (one event per send, not two: at ten
    // thousand sends a minute the outbox carries the commands first).
    await this.events.saved(manager, companyId, [...new Set(failedSchedules)]);
    return due.length;
  }

  /**
   * What a send says: a reminder's text, or the appointment's message (its body with the contact's
   * variables, as media when it has one). Through a Cloud API connection a message with a template
   * goes as that template, its variables filled from the contact (issue 27).
   */
  private async contentOf(send: DueSend, zoneOf: (calendarId: number | null) => Promise<string>, cloud: boolean): Promise<SendContent> {
    if (send.kind !== 'message') {
      const text = reminderText(
        send.kind as ScheduleReminderKind,
        { sendAt: new Date(send.send_at), contactName: send.contact_name, serviceName: send.service_name },
        await zoneOf(send.calendar_id),
      );
      return { type: 'text', body: text };
    }
    const contact = { name: send.contact_name, number: send.contact_number, email: send.contact_email };
    if (cloud && send.template) return fillTemplate(send.template, contact, []);
    // The contact's variables (decision 0040), as campaigns and quick messages fill them.
    const body = renderMessageVariables(
      send.body,
      messageVariableValues({ name: send.contact_name, number: send.contact_number, email: send.contact_email }),
    );
    if (send.media_path) {
      const mimetype = send.media_mimetype ?? 'application/octet-stream';
      return {
        type: 'media',
        mediaType: mediaTypeOf(mimetype),
        mediaUrl: send.media_path,
        mimetype,
        fileName: send.media_name ?? 'arquivo',
        caption: body,
        ptt: false,
      };
    }
    return { type: 'text', body };
  }

  readonly eventTypes = [messageSent.type, messageSendFailed.type];

  /** The answer to an appointment's message or reminder, to settle in the consumer's transaction; null for any other event. */
  async take(
    envelope: EventEnvelope,
    reference: OutboundSendReference | null,
  ): Promise<((manager: EntityManager) => Promise<void>) | null> {
    if (!envelope.companyId || reference?.kind !== 'appointment') return null;
    const answer = readEvent(messageSent, envelope) ?? readEvent(messageSendFailed, envelope);
    return answer ? (manager) => this.answered(manager, envelope.companyId!, answer) : null;
  }

  /**
   * A send answered (sent or failed): settled once, when it still waits for that very command (an
   * answer to a former generation, or a repeated one, changes nothing). Its appointment follows
   * when it was the message.
   */
  async answered(
    manager: EntityManager,
    companyId: number,
    answer: EventPayload<typeof messageSent> | EventPayload<typeof messageSendFailed>,
  ): Promise<void> {
    const send = await this.schedules.sendOfCommand(manager, answer.commandId);
    if (!send || send.company_id !== companyId) return;
    const at = this.now();
    const failed = 'reason' in answer;
    const reason = failed ? answer.reason : null;
    await this.schedules.settleSend(manager, send.id, { status: failed ? 'ERRO' : 'ENVIADA', at, reason });
    if (send.kind === 'message')
      await this.schedules.setStatus(manager, [send.schedule_id], failed ? 'ERRO' : 'ENVIADA', failed ? null : at, reason);
    if (failed) this.logger.warn({ companyId, scheduleId: send.schedule_id, kind: send.kind, reason }, 'a scheduled send failed');
    // Every settled send is announced with the appointment as it now is: its status and sentAt when it
    // was the message, the reminder's state in `reminders` when it was a reminder.
    await this.events.saved(manager, companyId, [send.schedule_id]);
  }
}
