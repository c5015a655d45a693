import { campaignReportSchema, campaignSchema, connectionSchema, contactListSchema, simulatorOutboundResponseSchema } from '@app/contracts';
import { OutboundModule } from '@app/outbound';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { type ModulesTestApp, startModulesTestApp } from './testing/standalone-test-app';

jest.setTimeout(90_000);

const A = 12;

/**
 * A campaign end to end in one process: outbound's dispatch writes send commands, the whatsapp
 * service's simulator sessions carry them out, their answers settle the shipping records; what each
 * simulated phone received is the proof (one message per contact, variables filled, through both
 * connections).
 */
describe('a campaign sent through the whatsapp service (simulator, real PostgreSQL)', () => {
  let services: ModulesTestApp;
  const as = () => services.as(A, ['useCampaigns']);
  const api = () => services.api();

  beforeAll(async () => {
    services = await startModulesTestApp('outbound_campaigns', [
      WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
      OutboundModule.forRoot({ numberCheckIntervalMs: 0 }),
    ]);
  });

  afterAll(async () => {
    await services?.close();
  });

  const scannedConnection = async (name: string) => {
    const connection = expectAnswer(
      connectionSchema,
      await api().post('/api/whatsapp').set(as()).send({ name, provider: 'simulator' }).expect(201),
    );
    await waitFor(async () => (await api().get(`/api/whatsapp/${connection.id}`).set(as())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as()).send({}).expect(200);
    return connection.id;
  };
  const received = async (connectionId: number) =>
    expectAnswer(
      simulatorOutboundResponseSchema,
      await api().get(`/api/simulator/connections/${connectionId}/outbound`).set(as()).expect(200),
    ).messages;

  it('each valid contact receives one message, with its name, through the campaign connections in turn', async () => {
    const first = await scannedConnection('Vendas 1');
    const second = await scannedConnection('Vendas 2');
    const dataSource = services.app.get<DataSource>(getDataSourceToken('outbound'));
    await waitFor(
      async () => (await dataSource.query(`SELECT count(*)::int AS n FROM outbound.connections WHERE status = 'CONNECTED'`))[0].n === 2,
      { what: 'outbound sees both connections connected' },
    );
    await api()
      .post('/api/campaign-settings')
      .set(as())
      .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);
    const list = expectAnswer(contactListSchema, await api().post('/api/contact-lists').set(as()).send({ name: 'Clientes' }).expect(201));
    const numbers = Array.from({ length: 10 }, (_, i) => `55119000002${String(i).padStart(2, '0')}`);
    // Numbers already checked (the check itself is contact-list-checks.integration-spec.ts); the last is not on WhatsApp.
    for (const [i, number] of numbers.entries()) {
      await dataSource.query(
        `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, whatsapp_number)
         VALUES ($1, $2, $3, $4, $5, $4)`,
        [A, list.id, `Cliente ${i}`, number, i < 9],
      );
    }
    const at = new Date(Date.now() + 2_000 - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const campaign = expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({
          name: 'Black Friday',
          message1: 'Oi {nome}, a oferta é sua',
          whatsappId: first,
          whatsappId2: second,
          contactListId: list.id,
          scheduledAt: at,
        })
        .expect(201),
    );
    await waitFor(async () => (await api().get(`/api/campaigns/${campaign.id}`).set(as())).body.status === 'FINALIZADA', {
      what: 'the campaign finished',
      timeoutMs: 60_000,
    });
    const phones = [...(await received(first)), ...(await received(second))];
    expect(phones.map((message) => message.to).sort()).toEqual(numbers.slice(0, 9));
    expect((await received(first)).length).toBe(5);
    for (const message of phones) {
      const index = numbers.indexOf(message.to);
      expect(message.body).toBe(`Oi Cliente ${index}, a oferta é sua`);
    }
    const report = expectAnswer(campaignReportSchema, await api().get(`/api/campaigns/${campaign.id}/report`).set(as()).expect(200));
    expect(report.progress).toMatchObject({ validContacts: 9, recipients: 9, delivered: 9, failed: 0, status: 'FINALIZADA' });
  });
});
