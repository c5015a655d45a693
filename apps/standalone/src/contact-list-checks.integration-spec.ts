import { connectionSchema, contactListItemPageResponseSchema, contactListSchema, simulatorSessionResponseSchema } from '@app/contracts';
import { OutboundModule } from '@app/outbound';
import { writeSpreadsheet } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';

import { type ModulesTestApp, startModulesTestApp } from './testing/standalone-test-app';

jest.setTimeout(60_000);

const A = 11;

/**
 * A contact list's numbers checked on WhatsApp end to end: outbound asks with a
 * whatsapp.numbers.checkRequested command, the simulator's session answers, outbound marks the items.
 */
describe('contact list numbers checked through the whatsapp service (simulator, real PostgreSQL)', () => {
  let services: ModulesTestApp;
  const as = () => services.as(A, ['useCampaigns']);
  const api = () => services.api();

  beforeAll(async () => {
    services = await startModulesTestApp('outbound_checks', [
      WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
      OutboundModule.forRoot({ numberCheckIntervalMs: 0 }),
    ]);
  });

  afterAll(async () => {
    await services?.close();
  });

  it('numbers of an imported sheet wait for a connected connection, then each shows whether WhatsApp knows it', async () => {
    const list = expectAnswer(contactListSchema, await api().post('/api/contact-lists').set(as()).send({ name: 'Clientes' }).expect(201));
    const sheet = writeSpreadsheet('Contatos', [
      ['Nome', 'Numero'],
      ['Ana', '5511900000101'],
      ['Bia', '5511900000102'],
      ['Caio', '5511900000103'],
    ]);
    await api().post(`/api/contact-lists/${list.id}/upload`).set(as()).attach('file', sheet, 'clientes.xlsx').expect(200);

    const connection = expectAnswer(
      connectionSchema,
      await api().post('/api/whatsapp').set(as()).send({ name: 'Simulado', provider: 'simulator' }).expect(201),
    );
    await waitFor(async () => (await api().get(`/api/whatsapp/${connection.id}`).set(as())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api()
      .post(`/api/simulator/connections/${connection.id}/unregistered`)
      .set(as())
      .send({ numbers: ['5511900000102'] })
      .expect(200);
    const scan = await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as()).send({}).expect(200);
    expect(expectAnswer(simulatorSessionResponseSchema, scan).status).toBe('CONNECTED');

    await waitFor(
      async () => expectAnswer(contactListSchema, await api().get(`/api/contact-lists/${list.id}`).set(as())).pendingCount === 0,
      { what: 'every number checked', timeoutMs: 30_000 },
    );
    const items = expectAnswer(
      contactListItemPageResponseSchema,
      await api().get('/api/contact-list-items').query({ contactListId: list.id }).set(as()).expect(200),
    );
    expect(items.contacts.map((item) => [item.name, item.isWhatsappValid])).toEqual([
      ['Ana', true],
      ['Bia', false],
      ['Caio', true],
    ]);
  });
});
