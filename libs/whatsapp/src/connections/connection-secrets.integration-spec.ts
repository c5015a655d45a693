import {
  type Connection,
  connectionListResponseSchema,
  connectionSchema,
  connectionTranscriptionUpdated,
  connectionUpdated,
  SECRET_MASK,
  whatsappTranscriptionKeyCall,
} from '@app/contracts';
import { readEvent, ServiceCalls } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { ConnectionRepository } from '../common/connection.repository';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 501;

describe("a connection's secrets (token, transcription key, proxy credentials)", () => {
  let t: WhatsappTestApp;
  let admin: string;
  let user: string;
  let supervisor: string;
  let connection: Connection;
  const proxyUrl = 'http://bob:s3cr3t-pass@93.184.216.34:8080';

  beforeAll(async () => {
    t = await startWhatsappTestApp({ runSessions: false });
    admin = t.token({ userId: 1, companyId: A, profile: 'admin' });
    user = t.token({ userId: 2, companyId: A, profile: 'user' });
    supervisor = t.token({ userId: 3, companyId: A, profile: 'supervisor' });
    connection = expectAnswer(
      connectionSchema,
      await request(t.http)
        .post('/api/whatsapp')
        .set({ Authorization: `Bearer ${admin}` })
        .send({ name: 'Segredos', token: 'tok-abcdef123456', transcribekey: 'sk-openai-9876wxyz', proxyUrl })
        .expect(201),
    );
  });
  afterAll(() => t.close());

  const get = (token: string, path: string) =>
    request(t.http)
      .get(path)
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
  const stored = () => new ConnectionRepository(t.dataSource).byId(connection.id).then((found) => found!);

  it('are not shown to users who do not administer connections, in GET /whatsapp/{id}, the list and the default', async () => {
    for (const token of [user, supervisor]) {
      const hidden = { token: '', transcribekey: '', proxyUrl: '' };
      expect(expectAnswer(connectionSchema, await get(token, `/api/whatsapp/${connection.id}`))).toMatchObject(hidden);
      const list = expectAnswer(connectionListResponseSchema, await get(token, '/api/whatsapp/'));
      expect(list.find((c) => c.id === connection.id)).toMatchObject(hidden);
      expect(expectAnswer(connectionSchema, await get(token, '/api/whatsapp/default'))).toMatchObject(hidden);
      expect(JSON.stringify(list)).not.toMatch(/s3cr3t|123456|9876wxyz/);
    }
  });

  it('are shown to admins masked: the last 4 characters, and the proxy URL without its password', async () => {
    const masked = {
      token: `${SECRET_MASK}3456`,
      transcribekey: `${SECRET_MASK}wxyz`,
      proxyUrl: `http://bob:${SECRET_MASK}@93.184.216.34:8080`,
    };
    expect(connection).toMatchObject(masked);
    expect(expectAnswer(connectionSchema, await get(admin, `/api/whatsapp/${connection.id}`))).toMatchObject(masked);
    expect(
      expectAnswer(connectionListResponseSchema, await get(admin, '/api/whatsapp/')).find((c) => c.id === connection.id),
    ).toMatchObject(masked);
  });

  it('leave the events (and so the sockets of the whole company) out', async () => {
    const announced = await waitFor(() =>
      t.events.filter(
        (e) => e.type === connectionUpdated.type && (e.payload as { connection: Connection }).connection.id === connection.id,
      ),
    );
    expect(announced.length).toBeGreaterThan(0);
    for (const event of announced) {
      expect((event.payload as { connection: Connection }).connection).toMatchObject({ token: '', transcribekey: '', proxyUrl: '' });
    }
  });

  it('the transcription key travels on no event: ai asks for it by whatsapp.transcription-key, for its own company only (decision 0052)', async () => {
    const settings = await waitFor(() =>
      t.events.flatMap((e) => {
        const event = readEvent(connectionTranscriptionUpdated, e);
        return event?.connectionId === connection.id ? [event] : [];
      }),
    );
    expect(settings.at(-1)).toEqual({
      connectionId: connection.id,
      companyId: A,
      transcribe: false,
      transcribeme: false,
      sendme: false,
      transcribeprovider: 'openai',
      hasKey: true,
    });
    expect(JSON.stringify(t.events)).not.toContain('9876wxyz');

    const calls = t.app.get(ServiceCalls);
    expect(await calls.call(whatsappTranscriptionKeyCall, A, { connectionId: connection.id })).toEqual({
      transcribeprovider: 'openai',
      transcribekey: 'sk-openai-9876wxyz',
    });
    await expect(calls.call(whatsappTranscriptionKeyCall, A + 1, { connectionId: connection.id })).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
  });

  it('are kept when an edit sends the masked values back; a new value replaces them; a masked proxy password on a new host is the stored one', async () => {
    const shown = expectAnswer(connectionSchema, await get(admin, `/api/whatsapp/${connection.id}`));
    await request(t.http)
      .put(`/api/whatsapp/${connection.id}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ name: 'Segredos 2', token: shown.token, transcribekey: shown.transcribekey, proxyUrl: shown.proxyUrl })
      .expect(200);
    expect(await stored()).toMatchObject({ name: 'Segredos 2', token: 'tok-abcdef123456', transcribekey: 'sk-openai-9876wxyz', proxyUrl });

    await request(t.http)
      .put(`/api/whatsapp/${connection.id}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ transcribekey: 'sk-new-key-0000', proxyUrl: `http://bob:${SECRET_MASK}@1.1.1.1:3128` })
      .expect(200);
    expect(await stored()).toMatchObject({
      token: 'tok-abcdef123456',
      transcribekey: 'sk-new-key-0000',
      proxyUrl: 'http://bob:s3cr3t-pass@1.1.1.1:3128',
    });
  });
});
