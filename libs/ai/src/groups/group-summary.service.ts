import { aiGroupSummarised, SUMMARY_DEFAULT_PROMPT, type SummaryProvider } from '@app/contracts';
import { JOBS, type Jobs, OutboundUrlGuard, OutboxWriter } from '@app/platform';
import { TZDate } from '@date-fns/tz';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import OpenAI from 'openai';
import type { EntityManager } from 'typeorm';

import { AI_OPTIONS, type AiOptions, PROVIDER_BASE_URLS } from '../common/ai-options';
import { guardedFetch } from '../common/guarded-fetch';
import { KeyCipher } from '../common/key-cipher';
import { type GroupLine, GroupRepository, type GroupRow } from './group.repository';
import { lastOccurrence, nextOccurrence, type SummaryOccurrence } from './summary-time';

export const SUMMARY_QUEUE = 'ai-group-summary';

/** Gemini's OpenAI-compatible chat completions. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta/openai';

const DAY_MS = 24 * 60 * 60 * 1_000;

/** One group's summary of one day: when it was due and at which time setting (a changed time makes the job stale). */
interface SummaryJob {
  companyId: number;
  groupId: number;
  day: string;
  at: string;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Each group with its summary on gets, at its time each day (the company's time zone), a summary of
 * its messages of the last 24 hours, posted to the group's ticket (ai.group.summarised). One pg-boss
 * job per group and day (singleton key `summary-{group}-{day}`), and ai.group_summaries records the
 * day in the transaction that posts it: a day is summarised once, also when a job runs twice or the
 * process restarts. A start-up schedules every group's next summary and catches up a summary that
 * fell due while the service was down (the last 24 hours only, never one due before its settings).
 */
@Injectable()
export class GroupSummaryService implements OnModuleInit {
  private readonly logger = new Logger(GroupSummaryService.name);
  private readonly fetch: typeof fetch;

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    @Inject(AI_OPTIONS) private readonly options: AiOptions,
    guard: OutboundUrlGuard,
    private readonly groups: GroupRepository,
    private readonly cipher: KeyCipher,
    private readonly outbox: OutboxWriter,
  ) {
    this.fetch = guardedFetch(guard);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(SUMMARY_QUEUE, { uniqueByKey: true });
    await this.jobs.work<SummaryJob>(SUMMARY_QUEUE, (job) => this.run(job.data), { batchSize: 4, pollingIntervalSeconds: 1 });
    const now = this.now();
    for (const group of await this.groups.summarised()) {
      await this.groups.transaction(async (manager) => {
        const timeZone = await this.groups.timeZone(manager, group.company_id);
        const due = lastOccurrence(now, group.timeresume, timeZone);
        const missed = due.at >= group.summary_from && now.getTime() - due.at.getTime() < DAY_MS;
        // Its own key: the day's job may still be waiting (a clock that jumped); whichever runs first posts, once.
        if (missed && !(await this.groups.summaryDays(group.id)).includes(due.day))
          await this.schedule(manager, group, due, now, '-catchup');
        await this.scheduleNext(manager, group, now);
      });
    }
  }

  /** Schedules the group's next summary after `now` (its settings just saved, or a start-up). */
  async scheduleNext(manager: EntityManager, group: GroupRow, now: Date): Promise<void> {
    const timeZone = await this.groups.timeZone(manager, group.company_id);
    await this.schedule(manager, group, nextOccurrence(now, group.timeresume, timeZone), now);
  }

  private async schedule(manager: EntityManager, group: GroupRow, occurrence: SummaryOccurrence, now: Date, keySuffix = ''): Promise<void> {
    if (!this.jobs) return;
    const job: SummaryJob = {
      companyId: group.company_id,
      groupId: group.id,
      day: occurrence.day,
      at: occurrence.at.toISOString(),
      time: group.timeresume,
    };
    // The clock may be a test's: the job waits as long as the clock says is left.
    const startAfter = new Date(Date.now() + Math.max(0, occurrence.at.getTime() - now.getTime()));
    await this.jobs.schedule(manager, SUMMARY_QUEUE, job, {
      startAfter,
      singletonKey: `summary-${group.id}-${occurrence.day}-${group.timeresume}${keySuffix}`,
      retryLimit: 3,
      retryDelaySeconds: 60,
    });
  }

  /** Summarises one group's day, once; the next day's summary is scheduled first, so a failing provider does not end the series. */
  async run(job: SummaryJob): Promise<void> {
    const at = new Date(job.at);
    const prepared = await this.groups.transaction(async (manager) => {
      const group = await this.groups.lock(manager, job.companyId, job.groupId);
      if (!group || !group.resumegroup || group.timeresume !== job.time) return null;
      await this.scheduleNext(manager, group, new Date(Math.max(at.getTime(), this.now().getTime())));
      if ((await this.groups.summaryDays(group.id)).includes(job.day)) return null;
      const lines = await this.groups.linesBetween(manager, group.id, new Date(at.getTime() - DAY_MS), at);
      if (lines.length === 0) await this.groups.recordSummary(manager, { id: group.id, companyId: group.company_id }, job.day);
      return lines.length === 0 ? null : { group, lines, timeZone: await this.groups.timeZone(manager, group.company_id) };
    });
    if (!prepared) return;
    const { group, lines, timeZone } = prepared;
    const summary = await this.summarise(group, lines, timeZone);
    await this.groups.transaction(async (manager) => {
      const current = await this.groups.lock(manager, job.companyId, job.groupId);
      if (!current?.resumegroup) return;
      if (!(await this.groups.recordSummary(manager, { id: current.id, companyId: current.company_id }, job.day))) return;
      if (current.ticket_id === null) return;
      await this.outbox.add(manager, {
        definition: aiGroupSummarised,
        companyId: current.company_id,
        key: `ticket-${current.ticket_id}`,
        payload: { ticketId: current.ticket_id, contactId: current.id, day: job.day, body: `📝 *Resumo do dia ${job.day}*\n\n${summary}` },
      });
    });
    this.logger.log({ groupId: group.id, day: job.day, messages: lines.length }, "a group's day was summarised");
  }

  private baseUrl(provider: SummaryProvider): string {
    if (provider === 'gemini') return this.options.geminiBaseUrl ?? GEMINI_BASE_URL;
    return this.options.providerBaseUrls?.[provider] ?? PROVIDER_BASE_URLS[provider];
  }

  /** The model's summary of the lines (chat completions at the provider's base URL, through the URL guard, retried on 429 and 5xx). */
  private async summarise(group: GroupRow, lines: GroupLine[], timeZone: string): Promise<string> {
    const client = new OpenAI({
      apiKey: this.cipher.decrypt(group.resumekey),
      baseURL: this.baseUrl(group.resumeprovider),
      fetch: this.fetch,
      timeout: this.options.modelTimeoutMs ?? 60_000,
      maxRetries: this.options.modelRetries ?? 2,
    });
    const conversation = lines
      .map((line) => {
        const local = new TZDate(line.created_at.getTime(), timeZone);
        return `[${pad(local.getHours())}:${pad(local.getMinutes())}] ${line.sender}: ${line.body}`;
      })
      .join('\n');
    const completion = await client.chat.completions.create({
      model: group.resumemodel,
      messages: [
        { role: 'system', content: group.resumeprompt.trim() || SUMMARY_DEFAULT_PROMPT },
        { role: 'user', content: `Mensagens do grupo "${group.name}":\n\n${conversation}` },
      ],
      max_tokens: group.resumemaxtokens,
      temperature: group.resumetemperature,
    });
    const text = (completion.choices[0]?.message.content ?? '').trim();
    if (!text) throw new Error('the model answered an empty summary');
    return text;
  }
}
