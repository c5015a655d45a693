import { agentTemplateListResponseSchema, agentTemplateProcessResponseSchema, settingUpdated } from '@app/contracts';
import { expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';

const A = 1;
const B = 2;
const PROMPT = 'Você é {{AGENT_NAME}} da {{COMPANY_NAME}}, uma empresa de {{BUSINESS_TYPE}}, e fala num tom {{TONE}}.';

/** Agent templates (spec 3 "Agent template", sections 5, 6 and 7): super users write them, everyone fills them. */
describe('agent templates over HTTP', () => {
  let t: AiTestApp;
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useIntegrations'] });
  const template = (overrides: object = {}) => ({
    name: 'Recepcionista',
    category: 'atendimento',
    description: 'Recebe os clientes',
    basePrompt: PROMPT,
    requiredFields: 'agent_name, company_name,, business_type ',
    ...overrides,
  });

  beforeAll(async () => {
    t = await startAiTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('five templates are seeded, one per category, with their placeholders and required fields', async () => {
    const { templates } = expectAnswer(
      agentTemplateListResponseSchema,
      await api().get('/api/agent-templates').set(as(admin())).expect(200),
    );
    expect(templates.map((one) => one.category).sort()).toEqual(['atendimento', 'consultoria', 'faq', 'suporte', 'vendas']);
    for (const one of templates) {
      expect(one.basePrompt).toContain('{{AGENT_NAME}}');
      expect(one.basePrompt).toContain('{{COMPANY_NAME}}');
      expect(one.basePrompt).toContain('{{TONE}}');
      expect(one.requiredFields).toEqual(expect.arrayContaining(['agent_name', 'company_name', 'business_type']));
      expect(one.defaultConfig).toMatchObject({ provider: 'openai' });
    }
  });

  it("a super user creates, updates and deletes a template, with the spec's messages; the required fields are split on commas", async () => {
    const created = await api()
      .post('/api/agent-templates')
      .set(as(t.superToken(A)))
      .send(template())
      .expect(201);
    expect(created.body.message).toBe('Template criado com sucesso!');
    expect(created.body.template).toMatchObject({ name: 'Recepcionista', requiredFields: ['agent_name', 'company_name', 'business_type'] });
    const id = created.body.template.id as number;
    const updated = await api()
      .put(`/api/agent-templates/${id}`)
      .set(as(t.superToken(A)))
      .send(template({ name: 'Recepção', requiredFields: ['agent_name'] }))
      .expect(200);
    expect(updated.body).toMatchObject({
      message: 'Template atualizado com sucesso!',
      template: { name: 'Recepção', requiredFields: ['agent_name'] },
    });
    const deleted = await api()
      .delete(`/api/agent-templates/${id}`)
      .set(as(t.superToken(A)))
      .expect(200);
    expect(deleted.body).toEqual({ message: 'Template excluído com sucesso!' });
    expectErrorAnswer(await api().get(`/api/agent-templates/${id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
  });

  it("refuses an invalid template with the spec's texts", async () => {
    for (const [body, fields] of [
      [template({ name: 'R' }), [{ path: 'name', message: 'Nome muito curto' }]],
      [template({ name: 'R'.repeat(101) }), [{ path: 'name', message: 'Nome muito longo' }]],
      [template({ category: 'marketing' }), [{ path: 'category', message: 'Categoria inválida' }]],
      [template({ description: 'd'.repeat(501) }), [{ path: 'description', message: 'Descrição muito longa' }]],
      [template({ basePrompt: 'Curto demais' }), [{ path: 'basePrompt', message: 'Prompt muito curto' }]],
      [template({ requiredFields: ' , ,' }), [{ path: 'requiredFields', message: 'Pelo menos um campo é obrigatório' }]],
    ] as const) {
      const answer = expectErrorAnswer(
        await api()
          .post('/api/agent-templates')
          .set(as(t.superToken(A)))
          .send(body)
          .expect(400),
        'ERR_VALIDATION',
      );
      expect(answer.fields).toEqual(fields);
    }
  });

  it('only super users write templates; a company admin is refused (403) and the template stays', async () => {
    const [seeded] = (await api().get('/api/agent-templates').set(as(admin())).expect(200)).body.templates;
    for (const call of [
      api().post('/api/agent-templates').send(template()),
      api().put(`/api/agent-templates/${seeded.id}`).send(template()),
      api().delete(`/api/agent-templates/${seeded.id}`),
    ]) {
      expect((await call.set(as(admin()))).status).toBe(403);
    }
    expect((await api().get(`/api/agent-templates/${seeded.id}`).set(as(admin())).expect(200)).body.name).toBe(seeded.name);
  });

  it("process fills the placeholders, the tone in words, the company's date and time; unanswered known ones read 'não informado'", async () => {
    const created = await api()
      .post('/api/agent-templates')
      .set(as(t.superToken(A)))
      .send(
        template({
          basePrompt: `${PROMPT} Hoje: {{CURRENT_DATE}} às {{CURRENT_TIME}}. Local: {{LOCATION}}. Outro: {{EXTRA_FIELD}} {{NOT_GIVEN}}`,
        }),
      )
      .expect(201);
    // The company's clock is identity's timezone setting, as its event said (São Paulo until then).
    const process = async () =>
      expectAnswer(
        agentTemplateProcessResponseSchema,
        await api()
          .post(`/api/agent-templates/${created.body.template.id}/process`)
          .set(as(admin()))
          .send({ data: { agent_name: 'Bia', companyName: 'Loja Azul', business_type: 'moda', tone: 'amigavel', extraField: 'x' } })
          .expect(200),
      ).processedPrompt;
    const hourIn = (timeZone: string, at: Date) =>
      new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
    const dayIn = (timeZone: string, at: Date) =>
      new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'long', day: '2-digit', month: 'long', year: 'numeric' }).format(at);
    let before = new Date();
    expect(await process()).toContain(`Hoje: ${dayIn('America/Sao_Paulo', before)} às ${hourIn('America/Sao_Paulo', before)}:`);

    await t.publish(settingUpdated, A, 'setting-timezone', { companyId: A, key: 'timezone', value: 'Asia/Tokyo' });
    await t.publish(settingUpdated, B, 'setting-timezone', { companyId: B, key: 'timezone', value: 'America/Los_Angeles' });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM ai.company_settings WHERE company_id IN ($1, $2)`, [A, B])).length === 2,
    );
    before = new Date();
    const processed = await process();
    expect(processed).toContain('Você é Bia da Loja Azul, uma empresa de moda, e fala num tom amigável.');
    expect(processed).toContain(`Hoje: ${dayIn('Asia/Tokyo', before)} às ${hourIn('Asia/Tokyo', before)}:`);
    expect(processed).toContain('Local: não informado.');
    expect(processed).toContain('Outro: x {{NOT_GIVEN}}');
    expectErrorAnswer(await api().post('/api/agent-templates/999999/process').set(as(admin())).send({}).expect(404), 'ERR_NOT_FOUND');
  });
});
