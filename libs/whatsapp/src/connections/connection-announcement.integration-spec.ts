import { type Connection, connectionUpdated } from '@app/contracts';

import { AnnounceExistingConnections1732400000003 } from '../migrations/1732400000003-announce-existing-connections';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';
import { ConnectionRepository } from './connection.repository';

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
});
