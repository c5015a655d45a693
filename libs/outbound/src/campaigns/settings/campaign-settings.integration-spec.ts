import { campaignSettingsOf, campaignSettingsResponseSchema } from '@app/contracts';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';

const A = 1;
const B = 2;

/** Campaign settings (spec 2): intervals from the spec's options, defaults 20, 20 and 60 s, variables with distinct keys. */
describe('campaign settings over HTTP', () => {
  let t: OutboundTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useCampaigns'] });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: ['useCampaigns'] });
  const noPlan = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: ['useCampaigns'] });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const settings = async (token: string) =>
    campaignSettingsOf(expectAnswer(campaignSettingsResponseSchema, await api().get('/api/campaign-settings').set(as(token)).expect(200)));

  beforeAll(async () => {
    t = await startOutboundTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a company without saved settings reads the defaults: 20 s between messages, 60 s after every 20', async () => {
    expect(await settings(admin())).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
    const records = expectAnswer(campaignSettingsResponseSchema, await api().get('/api/campaign-settings').set(as(admin())).expect(200));
    expect(records.map((r) => r.key)).toEqual(['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables']);
  });

  it("intervals take only the spec's options; a variable's key is not repeated; only admins save; each company has its own", async () => {
    const post = (token: string, body: object) => api().post('/api/campaign-settings').set(as(token)).send({ settings: body });
    expect(expectErrorAnswer(await post(admin(), { messageInterval: 7 }).expect(400), 'ERR_VALIDATION').fields).toEqual([
      { path: 'settings.messageInterval', message: 'Opção inválida' },
    ]);
    expectErrorAnswer(await post(admin(), { greaterInterval: 61 }).expect(400), 'ERR_VALIDATION');
    const repeated = expectErrorAnswer(
      await post(admin(), {
        variables: [
          { key: 'loja', value: 'Centro' },
          { key: 'loja', value: 'Norte' },
        ],
      }).expect(400),
    );
    expect(repeated.fields).toEqual([{ path: 'settings.variables.1.key', message: 'Variável já existe' }]);
    expectErrorAnswer(await post(user(), { messageInterval: 5 }).expect(403), 'ERR_NO_PERMISSION');
    expectErrorAnswer(await api().get('/api/campaign-settings').set(as(noPlan())).expect(403), 'ERR_PLAN_FEATURE_DISABLED');

    await post(admin(), {
      messageInterval: '5',
      longerIntervalAfter: 10,
      greaterInterval: 120,
      variables: [{ key: 'loja', value: 'Centro' }],
    }).expect(200);
    await post(admin(), { messageInterval: 0 }).expect(200);
    expectErrorAnswer(await api().get('/api/campaign-settings').set(as(user())).expect(403), 'ERR_NO_PERMISSION');
    expect(await settings(admin())).toEqual({
      messageInterval: 0,
      longerIntervalAfter: 10,
      greaterInterval: 120,
      variables: [{ key: 'loja', value: 'Centro' }],
    });
    expect(await settings(outsider())).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
  });
});
