import { type Connection, connectionTranscriptionUpdated, connectionUpdated } from '@app/contracts';
import { readEvent } from '@app/platform';

import { ConnectionRepository } from '../common/connection.repository';
import { AnnounceExistingConnections1732400000003 } from '../migrations/1732400000003-announce-existing-connections';
import { AnnounceTranscriptionSettings1764000000520 } from '../migrations/1764000000520-announce-transcription-settings';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

jest.setTimeout(60_000);

describe('connections that existed before identity kept a projection of them', () => {
  let t: WhatsappTestApp;

  beforeAll(async () => {
    t = await startWhatsappTestApp({ runSessions: false });
  });
  afterAll(() => t.close());

  it('are announced once by the migration, as connection.updated without their secrets', async () => {
    const old = await new ConnectionRepository(t.dataSource).insert(t.dataSource.manager, {
      companyId: 601,
      name: 'Antiga',
      status: 'DISCONNECTED',
      isDefault: true,
      number: '',
      qrcode: '',
      qrcodeImage: '',
      retries: 0,
      queueIds: [],
      token: 'tok-secret-1',
      transcribekey: 'sk-secret-2',
      proxyUrl: 'http://bob:pw@93.184.216.34:8080',
      provider: 'beta',
    });
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    await new AnnounceExistingConnections1732400000003().up(runner);
    await runner.commitTransaction();
    await runner.release();

    await t.published();
    const announced = t.events
      .filter((e) => e.type === connectionUpdated.type)
      .map((e) => (e.payload as { connection: Connection }).connection)
      .filter((connection) => connection.id === old.id);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ id: old.id, companyId: 601, token: '', transcribekey: '', proxyUrl: '' });
  });

  it('are announced once to the ai service with their transcription settings (whether they have a key, not the key), when they transcribe or have one', async () => {
    const repository = new ConnectionRepository(t.dataSource);
    const base = {
      status: 'DISCONNECTED' as const,
      isDefault: false,
      number: '',
      qrcode: '',
      qrcodeImage: '',
      retries: 0,
      queueIds: [] as number[],
      token: '',
      proxyUrl: '',
      provider: 'beta' as const,
    };
    const transcribing = await repository.insert(t.dataSource.manager, {
      ...base,
      companyId: 602,
      name: 'Transcreve',
      transcribekey: 'dg-key-0001',
    });
    await t.dataSource.query(
      `UPDATE whatsapp.connections SET transcribe = true, transcribeprovider = 'deepgram', sendme = true WHERE id = $1`,
      [transcribing.id],
    );
    const plain = await repository.insert(t.dataSource.manager, { ...base, companyId: 602, name: 'Simples', transcribekey: '' });
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    await new AnnounceTranscriptionSettings1764000000520().up(runner);
    await runner.commitTransaction();
    await runner.release();

    await t.published();
    const announced = t.events
      .flatMap((e) => readEvent(connectionTranscriptionUpdated, e) ?? [])
      .filter((event) => event.companyId === 602);
    expect(announced).toEqual([
      {
        connectionId: transcribing.id,
        companyId: 602,
        transcribe: true,
        transcribeme: false,
        sendme: true,
        transcribeprovider: 'deepgram',
        hasKey: true,
      },
    ]);
    expect(JSON.stringify(t.events)).not.toContain('dg-key-0001');
    expect(announced.some((event) => event.connectionId === plain.id)).toBe(false);
  });
});
