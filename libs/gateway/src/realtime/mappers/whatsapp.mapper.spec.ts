import { randomUUID } from 'node:crypto';

import type { Connection, EventEnvelope } from '@app/contracts';
import { connectionFixture } from '@app/platform/testing';

import { whatsappSocketMapper } from './whatsapp.mapper';

const now = new Date().toISOString();
const connection: Connection = connectionFixture(3, 7, {
  name: 'Vendas',
  status: 'qrcode',
  isDefault: true,
  qrcode: '2@abc',
  qrcodeImage: 'data:image/png;base64,AAAA',
  queues: [{ id: 1 }],
  queueIds: [1],
  provider: 'simulator',
  createdAt: now,
  updatedAt: now,
});
const session = {
  id: 7,
  name: 'Vendas',
  status: 'qrcode' as const,
  number: '',
  qrcode: '2@abc',
  qrcodeImage: 'data:image/png;base64,AAAA',
  retries: 0,
  updatedAt: now,
};
const envelope = (type: string, payload: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  companyId: 3,
  key: '7',
  occurredAt: now,
  payload,
});
const company3 = { kind: 'company', companyId: 3 };

describe('whatsapp socket mapper', () => {
  it("a changed connection goes to its company's sockets as company-{id}-whatsapp update", () => {
    expect(whatsappSocketMapper.map(envelope('whatsapp.connection.updated', { connection }))).toEqual([
      { target: company3, event: 'company-3-whatsapp', payload: { action: 'update', whatsapp: connection } },
    ]);
  });

  it("a connection's secrets never reach the company's sockets, even from an event that still carries them", () => {
    const withSecrets = {
      ...connection,
      token: 'tok-123456',
      transcribekey: 'sk-abcdef',
      proxyUrl: 'http://bob:s3cr3t@proxy.example.com:8080',
    };
    const [emit] = whatsappSocketMapper.map(envelope('whatsapp.connection.updated', { connection: withSecrets }));
    expect(emit?.payload).toEqual({ action: 'update', whatsapp: { ...withSecrets, token: '', transcribekey: '', proxyUrl: '' } });
  });

  it('the transcription settings (with the key, for the ai service) never reach a socket', () => {
    const settings = {
      connectionId: 7,
      companyId: 3,
      transcribe: true,
      transcribeme: false,
      sendme: false,
      transcribeprovider: 'openai',
      transcribekey: 'sk-abcdef',
    };
    expect(whatsappSocketMapper.map(envelope('whatsapp.transcription.updated', settings))).toEqual([]);
  });

  it('a deleted connection goes out as company-{id}-whatsapp delete with its id', () => {
    expect(whatsappSocketMapper.map(envelope('whatsapp.connection.deleted', { connectionId: 7, companyId: 3 }))).toEqual([
      { target: company3, event: 'company-3-whatsapp', payload: { action: 'delete', whatsappId: 7 } },
    ]);
  });

  it('a session change goes out as company-{id}-whatsappSession update with the session id and QR code', () => {
    expect(whatsappSocketMapper.map(envelope('whatsapp.session.updated', { companyId: 3, session }))).toEqual([
      { target: company3, event: 'company-3-whatsappSession', payload: { action: 'update', session } },
    ]);
  });

  it('messages and acks are not socket events of this mapper; a bad payload is poison', () => {
    expect(whatsappSocketMapper.map(envelope('whatsapp.message.acked', { connectionId: 7, messageId: 'X', ack: 3 }))).toEqual([]);
    expect(() => whatsappSocketMapper.map(envelope('whatsapp.session.updated', { companyId: 3, session: { id: 'x' } }))).toThrow();
  });
});
