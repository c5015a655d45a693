import { randomBytes } from 'node:crypto';

import { campaignReportSchema, campaignSchema, connectionSchema, contactListSchema } from '@app/contracts';
import { OutboundModule } from '@app/outbound';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { FakeGraphApi, type FakeNumber } from '../../../libs/whatsapp/src/testing/fake-graph-api';
import { type ModulesTestApp, startModulesTestApp } from './testing/standalone-test-app';

jest.setTimeout(90_000);

const A = 13;
const THROUGHPUT = 5;

/**
 * A template campaign on a WhatsApp Cloud API connection end to end (issue 27): outbound writes each
 * contact's template send, the whatsapp service paces them to the number's throughput (decision 0057)
 * and posts Meta's template payload to a local Graph API server, whose answers settle the campaign.
 */
describe('a template campaign through a Cloud API connection (outbound + whatsapp, local Graph API, real PostgreSQL)', () => {
  let services: ModulesTestApp;
  let meta: FakeGraphApi;
  let number: FakeNumber;
  const as = () => services.as(A, ['useCampaigns']);
  const api = () => services.api();

  beforeAll(async () => {
    meta = await new FakeGraphApi().start();
    services = await startModulesTestApp('outbound_cloud_templates', [
      WhatsappModule.forRoot({
        simulatorEnabled: false,
        leaseTtlMs: 3_000,
        cloud: {
          keysSecret: randomBytes(32).toString('hex'),
          graphUrl: meta.url,
          graphVersion: meta.version,
          backoffFirstMs: 50,
          throughput: THROUGHPUT,
        },
      }),
      OutboundModule.forRoot({ numberCheckIntervalMs: 0 }),
    ]);
  });

  afterAll(async () => {
    await services?.close();
    await meta?.close();
  });

  it("each contact gets the template once, as Meta's template payload with its own variables, at the number's pace", async () => {
    number = meta.addNumber();
    const connection = expectAnswer(
      connectionSchema,
      await api()
        .post('/api/whatsapp')
        .set(as())
        .send({
          name: 'Oficial',
          provider: 'cloud',
          cloud: {
            phoneNumberId: number.phoneNumberId,
            wabaId: number.wabaId,
            accessToken: number.accessToken,
            appSecret: number.appSecret,
            verifyToken: 'verificar-oficial',
          },
        })
        .expect(201),
    );
    const outbound = services.app.get<DataSource>(getDataSourceToken('outbound'));
    await waitFor(
      async () =>
        (
          await outbound.query(`SELECT 1 FROM outbound.connections WHERE id = $1 AND provider = 'cloud' AND status = 'CONNECTED'`, [
            connection.id,
          ])
        ).length === 1,
      { what: 'outbound sees the Cloud API connection connected' },
    );
    await api()
      .post('/api/campaign-settings')
      .set(as())
      .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);
    const list = expectAnswer(contactListSchema, await api().post('/api/contact-lists').set(as()).send({ name: 'Clientes' }).expect(201));
    const numbers = Array.from({ length: 8 }, (_, i) => `55119000003${String(i).padStart(2, '0')}`);
    for (const [i, to] of numbers.entries()) {
      await outbound.query(
        `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, whatsapp_number)
         VALUES ($1, $2, $3, $4, true, $4)`,
        [A, list.id, `Cliente${i} Silva`, to],
      );
    }
    const body = {
      name: 'Promoção oficial',
      whatsappId: connection.id,
      contactListId: list.id,
      scheduledAt: new Date(Date.now() + 2_000 - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
    };
    // with a message but no template the campaign is refused
    expect(
      (
        await api()
          .post('/api/campaigns')
          .set(as())
          .send({ ...body, message1: 'Oi {{nome}}' })
          .expect(400)
      ).body.error,
    ).toBe('ERR_CAMPAIGN_TEMPLATE_REQUIRED');
    const template = {
      name: 'promocao_mensal',
      language: 'pt_BR',
      headerParameters: ['Oferta'],
      bodyParameters: ['{{primeiroNome}}', 'Loja Centro'],
    };
    const campaign = expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({ ...body, template })
        .expect(201),
    );
    await waitFor(async () => (await api().get(`/api/campaigns/${campaign.id}`).set(as())).body.status === 'FINALIZADA', {
      what: 'the campaign finished',
      timeoutMs: 60_000,
    });

    const sent = meta.sentTo(number.phoneNumberId);
    expect(sent.map((s) => s.body.to).sort()).toEqual(numbers);
    for (const message of sent) {
      const index = numbers.indexOf(String(message.body.to));
      expect(message.body).toMatchObject({
        messaging_product: 'whatsapp',
        type: 'template',
        template: {
          name: 'promocao_mensal',
          language: { code: 'pt_BR' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: 'Oferta' }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: `Cliente${index}` },
                { type: 'text', text: 'Loja Centro' },
              ],
            },
          ],
        },
      });
    }
    // 8 sends at 5 a second: at least 7 intervals of 200 ms between the first and the last
    const times = sent.map((s) => s.at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(7 * (1_000 / THROUGHPUT) - 20);
    const report = expectAnswer(campaignReportSchema, await api().get(`/api/campaigns/${campaign.id}/report`).set(as()).expect(200));
    expect(report.progress).toMatchObject({ recipients: 8, delivered: 8, failed: 0, status: 'FINALIZADA' });
  });
});
