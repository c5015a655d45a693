import { randomUUID } from 'node:crypto';

import {
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
  type Prompt,
  promptDeleted,
  promptSaved,
  type QueueIntegration,
  queueIntegrationDeleted,
  queueIntegrationSaved,
} from '@app/contracts';

import { aiSocketMapper } from './ai.mapper';

const envelope = <D extends EventDefinition>(definition: D, companyId: number, payload: EventPayload<D>): EventEnvelope => ({
  id: randomUUID(),
  type: definition.type,
  version: definition.version,
  companyId,
  key: 'k',
  occurredAt: new Date().toISOString(),
  payload,
});
const at = new Date().toISOString();

describe('ai socket events', () => {
  const prompt: Prompt = {
    id: 3,
    name: 'Vendas',
    apiKey: '••••1234',
    prompt: 'Você é um atendente.',
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
    temperature: 1,
    maxTokens: 100,
    maxMessages: 10,
    queueId: 5,
    queue: { id: 5, name: 'Suporte' },
    companyId: 7,
    createdAt: at,
    updatedAt: at,
  };

  it("a prompt's save reaches the whole company on company-{id}-prompt as create or update", () => {
    expect(aiSocketMapper.map(envelope(promptSaved, 7, { prompt, created: true }))).toEqual([
      { target: { kind: 'company', companyId: 7 }, event: 'company-7-prompt', payload: { action: 'create', prompt } },
    ]);
    expect(aiSocketMapper.map(envelope(promptSaved, 7, { prompt, created: false }))[0]!.payload).toEqual({ action: 'update', prompt });
  });

  it("a prompt's deletion carries its id (also as the Whaticket web's intelligenceId)", () => {
    expect(aiSocketMapper.map(envelope(promptDeleted, 7, { promptId: 3 }))).toEqual([
      {
        target: { kind: 'company', companyId: 7 },
        event: 'company-7-prompt',
        payload: { action: 'delete', promptId: 3, intelligenceId: 3 },
      },
    ]);
  });

  it("an integration's save and deletion reach the whole company on company-{id}-queueIntegration", () => {
    const queueIntegration: QueueIntegration = {
      id: 4,
      type: 'typebot',
      name: 'Bot Vendas',
      projectName: 'Bot Vendas',
      jsonContent: '',
      language: 'pt-BR',
      urlN8N: 'https://typebot.example.com',
      urlflowise: '',
      urldify: '',
      apidify: '',
      openaiid: '',
      openaikey: '',
      transcribes: false,
      typebotSlug: 'loja',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: '',
      typebotKeywordRestart: '',
      typebotUnknownMessage: '',
      typebotRestartMessage: '',
      signingSecret: '••••9876',
      companyId: 7,
      createdAt: at,
      updatedAt: at,
    };
    expect(aiSocketMapper.map(envelope(queueIntegrationSaved, 7, { queueIntegration, created: true }))).toEqual([
      { target: { kind: 'company', companyId: 7 }, event: 'company-7-queueIntegration', payload: { action: 'create', queueIntegration } },
    ]);
    expect(aiSocketMapper.map(envelope(queueIntegrationSaved, 7, { queueIntegration, created: false }))[0]!.payload).toEqual({
      action: 'update',
      queueIntegration,
    });
    expect(aiSocketMapper.map(envelope(queueIntegrationDeleted, 7, { integrationId: 4 }))).toEqual([
      { target: { kind: 'company', companyId: 7 }, event: 'company-7-queueIntegration', payload: { action: 'delete', integrationId: 4 } },
    ]);
  });
});
