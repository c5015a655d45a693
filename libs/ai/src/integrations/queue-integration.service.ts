import {
  PROJECT_NAME_IS_NAME,
  QUEUE_INTEGRATION_MESSAGES,
  QUEUE_INTEGRATION_PAGE_SIZE,
  type QueueIntegration,
  queueIntegrationCreateBodySchema,
  queueIntegrationDeleted,
  type QueueIntegrationFields,
  type QueueIntegrationPage,
  queueIntegrationProblems,
  queueIntegrationSaved,
  queueIntegrationTestSessionBodySchema,
  type QueueIntegrationTestSessionResponse,
  queueIntegrationUpdateBodySchema,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { KeyCipher } from '../common/key-cipher';
import { keptOrSealedKey, type SealedKey, sealKey } from '../common/sealed-key';
import { CHATBOT_SESSION_TESTER, type ChatbotSessionTester } from './chatbot-session-tester';
import { chatbotSettingsOf, keptOrSealedServiceAccount, sealServiceAccount } from './chatbot-settings';
import {
  mapQueueIntegration,
  QueueIntegrationRepository,
  type QueueIntegrationRow,
  type QueueIntegrationValues,
} from './queue-integration.repository';

const M = QUEUE_INTEGRATION_MESSAGES;
const notFound = () => new AppError('ERR_NOT_FOUND', 'Integration not found');

type Secrets = { jsonContent: SealedKey; apidify: SealedKey; openaikey: SealedKey; signingSecret: SealedKey };
type Plain = Omit<QueueIntegrationFields, keyof Secrets>;

/** Checks the whole integration per type (spec 3 section 5); 400 ERR_VALIDATION with the fields. */
function assertComplete(fields: QueueIntegrationFields): void {
  const problems = queueIntegrationProblems(fields);
  if (problems.length > 0) throw new AppError('ERR_VALIDATION', problems[0]!.message, { fields: problems });
}

/**
 * The company's chatbot integrations (plan flag useIntegrations, checked by the controller). Secrets
 * (the OpenAI and Dify keys, the service account's private key, the signing secret) are kept encrypted
 * and shown only masked. The automatic queue of a new integration, and deleting its queues before it,
 * are the web's calls to conversations (decision 0043, as for agents).
 */
@Injectable()
export class QueueIntegrationService {
  constructor(
    private readonly integrations: QueueIntegrationRepository,
    private readonly cipher: KeyCipher,
    private readonly outbox: OutboxWriter,
    @Inject(CHATBOT_SESSION_TESTER) private readonly tester: ChatbotSessionTester,
  ) {}

  async page(tenancy: Tenancy, query: { searchParam: string; pageNumber: number }): Promise<QueueIntegrationPage> {
    const offset = (query.pageNumber - 1) * QUEUE_INTEGRATION_PAGE_SIZE;
    const { rows, count } = await this.integrations.page(tenancy.companyId, query.searchParam, offset, QUEUE_INTEGRATION_PAGE_SIZE);
    return { queueIntegrations: rows.map(mapQueueIntegration), count, hasMore: count > offset + rows.length };
  }

  async get(tenancy: Tenancy, id: number): Promise<QueueIntegration> {
    const row = await this.integrations.find(tenancy.companyId, id);
    if (!row) throw notFound();
    return mapQueueIntegration(row);
  }

  async create(tenancy: Tenancy, body: z.output<typeof queueIntegrationCreateBodySchema>): Promise<QueueIntegration> {
    const { jsonContent, apidify, openaikey, signingSecret, ...plain } = body;
    const secrets: Secrets = {
      jsonContent: sealServiceAccount(this.cipher, jsonContent),
      apidify: sealKey(this.cipher, apidify),
      openaikey: sealKey(this.cipher, openaikey),
      signingSecret: sealKey(this.cipher, signingSecret),
    };
    return this.integrations.transaction(async (manager) => {
      const row = await this.integrations.insert(manager, tenancy.companyId, valuesOf(plain, secrets));
      return this.announce(manager, row, true);
    });
  }

  async update(tenancy: Tenancy, id: number, body: z.output<typeof queueIntegrationUpdateBodySchema>): Promise<QueueIntegration> {
    return this.integrations.transaction(async (manager) => {
      const current = await this.integrations.lock(manager, tenancy.companyId, id);
      if (!current) throw notFound();
      const { jsonContent, apidify, openaikey, signingSecret, ...changes } = body;
      const stored = storedSecrets(current);
      const secrets: Secrets = {
        jsonContent: keptOrSealedServiceAccount(this.cipher, jsonContent, stored.jsonContent),
        apidify: keptOrSealedKey(this.cipher, apidify, stored.apidify),
        openaikey: keptOrSealedKey(this.cipher, openaikey, stored.openaikey),
        signingSecret: keptOrSealedKey(this.cipher, signingSecret, stored.signingSecret),
      };
      const plain: Plain = { ...plainOf(current), ...stripUndefined(changes) };
      return this.announce(manager, await this.integrations.update(manager, id, valuesOf(plain, secrets)), false);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.integrations.transaction(async (manager) => {
      if (!(await this.integrations.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.outbox.add(manager, {
        definition: queueIntegrationDeleted,
        companyId: tenancy.companyId,
        key: `queueIntegration-${id}`,
        payload: { integrationId: id },
      });
    });
    return { message: M.deleted };
  }

  /**
   * POST /queueIntegration/testSession: one test message through the type's protocol; always answered
   * (200), `success` false with the reason on a failure. With `id`, the saved integration's secrets
   * stand in for those sent back masked.
   */
  async testSession(
    tenancy: Tenancy,
    body: z.output<typeof queueIntegrationTestSessionBodySchema>,
  ): Promise<QueueIntegrationTestSessionResponse> {
    const saved = body.id === undefined ? null : await this.integrations.find(tenancy.companyId, body.id);
    if (body.id !== undefined && !saved) throw notFound();
    const kept = saved ? chatbotSettingsOf(saved, this.cipher) : null;
    const secret = (sent: string, shown: string | undefined, stored: string | null | undefined) =>
      (saved && sent === shown) || (saved && sent === '') ? (stored ?? null) : sent || null;
    const jsonContent =
      saved && body.jsonContent
        ? this.cipher.decrypt(
            keptOrSealedServiceAccount(this.cipher, body.jsonContent, { stored: saved.json_content, shown: saved.json_content_shown })
              .stored,
          )
        : (kept?.jsonContent ?? (body.jsonContent || null));
    const settings = {
      id: saved?.id ?? 0,
      companyId: tenancy.companyId,
      type: body.type,
      name: body.name,
      projectName: body.projectName || null,
      jsonContent,
      language: body.language || null,
      urlN8N: body.urlN8N || null,
      urlflowise: body.urlflowise || null,
      urldify: body.urldify || null,
      apidify: secret(body.apidify, saved?.api_dify_shown, kept?.apidify),
      openaiid: body.openaiid || null,
      openaikey: secret(body.openaikey, saved?.openai_key_shown, kept?.openaikey),
      typebotSlug: body.typebotSlug || null,
      signingSecret: secret(body.signingSecret, saved?.signing_secret_shown, kept?.signingSecret),
    };
    const failure = await this.tester.test(settings);
    return failure === null
      ? { success: true, error: null, message: M.sessionOk }
      : { success: false, error: failure, message: M.sessionFailed(failure) };
  }

  private async announce(manager: EntityManager, row: QueueIntegrationRow, created: boolean): Promise<QueueIntegration> {
    const queueIntegration = mapQueueIntegration(row);
    await this.outbox.add(manager, {
      definition: queueIntegrationSaved,
      companyId: queueIntegration.companyId,
      key: `queueIntegration-${queueIntegration.id}`,
      payload: { queueIntegration, created },
    });
    return queueIntegration;
  }
}

const stripUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

const storedSecrets = (row: QueueIntegrationRow): Secrets => ({
  jsonContent: { stored: row.json_content, shown: row.json_content_shown },
  apidify: { stored: row.api_dify, shown: row.api_dify_shown },
  openaikey: { stored: row.openai_key, shown: row.openai_key_shown },
  signingSecret: { stored: row.signing_secret, shown: row.signing_secret_shown },
});

const plainOf = (row: QueueIntegrationRow): Plain => ({
  type: row.type,
  name: row.name,
  projectName: row.project_name,
  language: row.language,
  urlN8N: row.url_n8n,
  urlflowise: row.url_flowise,
  urldify: row.url_dify,
  openaiid: row.openai_id,
  transcribes: row.transcribes,
  typebotSlug: row.typebot_slug,
  typebotExpires: row.typebot_expires,
  typebotDelayMessage: row.typebot_delay_message,
  typebotKeywordFinish: row.typebot_keyword_finish,
  typebotKeywordRestart: row.typebot_keyword_restart,
  typebotUnknownMessage: row.typebot_unknown_message,
  typebotRestartMessage: row.typebot_restart_message,
});

/** The row's values, checked whole per type (the secrets by their shown form: present or not). */
function valuesOf(plain: Plain, secrets: Secrets): QueueIntegrationValues {
  const projectName = PROJECT_NAME_IS_NAME.includes(plain.type) ? plain.name : plain.projectName;
  assertComplete({
    ...plain,
    projectName,
    jsonContent: secrets.jsonContent.shown,
    apidify: secrets.apidify.shown,
    openaikey: secrets.openaikey.shown,
    signingSecret: secrets.signingSecret.shown,
  });
  return {
    type: plain.type,
    name: plain.name,
    project_name: projectName,
    json_content: secrets.jsonContent.stored,
    json_content_shown: secrets.jsonContent.shown,
    language: plain.language,
    url_n8n: plain.urlN8N,
    url_flowise: plain.urlflowise,
    url_dify: plain.urldify,
    api_dify: secrets.apidify.stored,
    api_dify_shown: secrets.apidify.shown,
    openai_id: plain.openaiid,
    openai_key: secrets.openaikey.stored,
    openai_key_shown: secrets.openaikey.shown,
    transcribes: plain.transcribes,
    typebot_slug: plain.typebotSlug,
    typebot_expires: plain.typebotExpires,
    typebot_delay_message: plain.typebotDelayMessage,
    typebot_keyword_finish: plain.typebotKeywordFinish,
    typebot_keyword_restart: plain.typebotKeywordRestart,
    typebot_unknown_message: plain.typebotUnknownMessage,
    typebot_restart_message: plain.typebotRestartMessage,
    signing_secret: secrets.signingSecret.stored,
    signing_secret_shown: secrets.signingSecret.shown,
  };
}
