import { SECRET_MASK } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import { aConnection } from '../testing/connection-factory';
import {
  buildConnectionUpdate,
  connectionFormSchema,
  type ConnectionFormValues,
  connectionToFormValues,
  EMPTY_CONNECTION_FORM,
  formFieldOf,
  greetingFor,
  toConnectionPayload,
} from './connection-form';

function issues(values: ConnectionFormValues) {
  const result = connectionFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const valid: ConnectionFormValues = { ...EMPTY_CONNECTION_FORM, name: 'Vendas' };

describe('connection form', () => {
  it('the name is 2 to 50 characters', () => {
    expect(issues({ ...valid, name: '' })).toEqual(['name: connections.validation.required']);
    expect(issues({ ...valid, name: ' a ' })).toEqual(['name: connections.validation.tooShort']);
    expect(issues({ ...valid, name: 'ab' })).toEqual([]);
    expect(issues({ ...valid, name: 'x'.repeat(50) })).toEqual([]);
    expect(issues({ ...valid, name: 'x'.repeat(51) })).toEqual(['name: connections.validation.tooLong']);
  });

  it('the greeting is required when more than one queue is selected', () => {
    const twoQueues = { ...valid, selectQueues: true, queueIds: [1, 2] };
    expect(issues({ ...twoQueues, greetingMessage: '  ' })).toEqual(['greetingMessage: connections.validation.greetingRequired']);
    expect(issues({ ...twoQueues, greetingMessage: 'Olá! Escolha uma opção' })).toEqual([]);
    expect(issues({ ...valid, selectQueues: true, queueIds: [1], greetingMessage: '' })).toEqual([]);
  });

  it('queues picked while the selection toggle is off count as none', () => {
    expect(issues({ ...valid, selectQueues: false, queueIds: [1, 2], greetingMessage: '' })).toEqual([]);
    expect(toConnectionPayload({ ...valid, selectQueues: false, queueIds: [1, 2] }).queueIds).toEqual([]);
  });

  it('with one queue or none the greeting is cleared', () => {
    expect(greetingFor(0, 'Olá')).toBe('');
    expect(greetingFor(1, 'Olá')).toBe('');
    expect(greetingFor(2, ' Olá ')).toBe('Olá');
    expect(toConnectionPayload({ ...valid, selectQueues: true, queueIds: [4], greetingMessage: 'Olá' }).greetingMessage).toBe('');
  });

  it('checks the proxy URL and whole numbers', () => {
    expect(issues({ ...valid, proxyUrl: 'socks5://u:p@proxy.test:1080' })).toEqual([]);
    expect(issues({ ...valid, proxyUrl: 'proxy.test' })).toEqual(['proxyUrl: connections.validation.invalidProxy']);
    expect(issues({ ...valid, timeToTransfer: '1.5' })).toEqual(['timeToTransfer: connections.validation.wholeNumber']);
    expect(issues({ ...valid, expiresTicket: '-1' })).toEqual(['expiresTicket: connections.validation.wholeNumber']);
  });

  it('turns the form into the request body: trimmed texts, numbers, null for empty optionals', () => {
    expect(
      toConnectionPayload({
        ...valid,
        name: '  Vendas ',
        proxyUrl: ' ',
        transcribekey: '',
        timeToTransfer: '15',
        transferQueueId: '3',
        expiresTicket: '',
        selectQueues: true,
        queueIds: [5, 2],
        greetingMessage: ' Oi ',
      }),
    ).toEqual({
      name: 'Vendas',
      isDefault: false,
      provider: 'beta',
      activeTranscribe: false,
      transcribekey: '',
      transcribeprovider: 'openai',
      greetingMessage: 'Oi',
      proxyUrl: '',
      timeToTransfer: 15,
      transferQueueId: 3,
      expiresTicket: 0,
      queueIds: [2, 5],
    });
  });

  describe('an edit', () => {
    const stored = aConnection({
      name: 'Vendas',
      queueIds: [1, 2],
      greetingMessage: 'Olá',
      transferQueueId: 2,
      timeToTransfer: 10,
    });
    const initial = connectionToFormValues(stored);

    it('sends nothing when nothing changed', () => {
      expect(buildConnectionUpdate(initial, { ...initial })).toBeNull();
      expect(buildConnectionUpdate(initial, { ...initial, name: ' Vendas ', queueIds: [2, 1] })).toBeNull();
    });

    it('sends the changed fields plus queueIds and transferQueueId', () => {
      expect(buildConnectionUpdate(initial, { ...initial, name: 'Vendas SP' })).toEqual({
        name: 'Vendas SP',
        queueIds: [1, 2],
        transferQueueId: 2,
      });
      expect(buildConnectionUpdate(initial, { ...initial, isDefault: true, proxyUrl: 'http://p.test:3128' })).toEqual({
        isDefault: true,
        proxyUrl: 'http://p.test:3128',
        queueIds: [1, 2],
        transferQueueId: 2,
      });
    });

    it('masked secrets as an admin gets them are valid and, untouched, not sent back (the server keeps the stored ones)', () => {
      const masked = connectionToFormValues(
        aConnection({ ...stored, transcribekey: `${SECRET_MASK}wxyz`, proxyUrl: `http://bob:${SECRET_MASK}@93.184.216.34:8080` }),
      );
      expect(issues(masked)).toEqual([]);
      expect(buildConnectionUpdate(masked, { ...masked, name: 'Vendas SP' })).toEqual({
        name: 'Vendas SP',
        queueIds: [1, 2],
        transferQueueId: 2,
      });
    });

    it('dropping to one queue sends the queue and the cleared greeting', () => {
      expect(buildConnectionUpdate(initial, { ...initial, queueIds: [1] })).toEqual({
        queueIds: [1],
        greetingMessage: '',
        transferQueueId: 2,
      });
    });
  });
});

describe('a Cloud API connection in the form', () => {
  const card = {
    connectionId: 7,
    phoneNumberId: '106540352242922',
    wabaId: '102290129340398',
    accessToken: `${SECRET_MASK}abcd`,
    appSecret: `${SECRET_MASK}ef01`,
    verifyToken: `${SECRET_MASK}2345`,
    webhookPath: '/api/whatsapp-cloud/webhook/8c1d1d7e-7d55-4b55-9a39-2f0d3c1c7a11',
    displayPhoneNumber: '+55 11 4000-1000',
    verifiedName: 'Loja',
    qualityRating: 'GREEN',
    messagingTier: 'TIER_1K',
    graphVersion: 'v23.0',
    checkedAt: null,
    checkError: '',
  };

  it('sends its credentials as one object, only for the cloud provider', () => {
    const values = {
      ...valid,
      provider: 'cloud' as const,
      cloudPhoneNumberId: ' 1065 ',
      cloudWabaId: '1022',
      cloudAccessToken: 't',
      cloudAppSecret: 's',
      cloudVerifyToken: 'v',
    };
    expect(toConnectionPayload(values).cloud).toEqual({
      phoneNumberId: '1065',
      wabaId: '1022',
      accessToken: 't',
      appSecret: 's',
      verifyToken: 'v',
    });
    expect(toConnectionPayload({ ...values, provider: 'beta' })).not.toHaveProperty('cloud');
  });

  it('an edit keeps the hints: unchanged credentials send nothing; a new token sends all five, the hints keeping the other secrets', () => {
    const initial = connectionToFormValues(aConnection({ provider: 'cloud' }), card);
    expect(initial).toMatchObject({ cloudAccessToken: `${SECRET_MASK}abcd`, cloudPhoneNumberId: card.phoneNumberId });
    expect(buildConnectionUpdate(initial, { ...initial })).toBeNull();
    const changed = buildConnectionUpdate(initial, { ...initial, cloudAccessToken: 'EAAGnovo' });
    expect(changed?.cloud).toEqual({
      phoneNumberId: card.phoneNumberId,
      wabaId: card.wabaId,
      accessToken: 'EAAGnovo',
      appSecret: `${SECRET_MASK}ef01`,
      verifyToken: `${SECRET_MASK}2345`,
    });
  });

  it('a refusal naming cloud.<credential> lands on its input', () => {
    expect(formFieldOf('cloud.accessToken')).toBe('cloudAccessToken');
    expect(formFieldOf('cloud.wabaId')).toBe('cloudWabaId');
    expect(formFieldOf('queueIds')).toBe('selectQueues');
    expect(formFieldOf('proxyUrl')).toBe('proxyUrl');
  });
});
