import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  agentSchema,
  aiReplyRequested,
  connectionUpdated,
  type EventPayload,
  KNOWLEDGE_LIMITS,
  knowledgeDocumentListSchema,
  knowledgeDocumentSchema,
  type Message,
  messageCreated,
  queueSaved,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, expectErrorAnswer, queueFixture, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { FakeModelServer } from '../testing/fake-model-server';
import { aDocx, aDocxBomb, aPdf } from '../testing/knowledge-files';

const A = 1;
const B = 2;
const KEY = 'sk-proj-knowledge-000000000000001111';
const CONNECTION = 11;

const RETURNS = [
  '# Política de trocas e devoluções',
  '',
  'O cliente pode trocar ou devolver qualquer produto em até 30 dias após o recebimento, com a nota fiscal.',
  'O reembolso é feito no mesmo meio de pagamento em até 7 dias úteis.',
  '',
  '## Frete',
  'O frete da devolução é grátis para defeitos de fabricação.',
].join('\n');

/** Knowledge documents (issue 23): uploads read off the event loop within limits, their chunks searched, agents answering from them. */
describe('knowledge documents', () => {
  jest.setTimeout(60_000);
  let t: AiTestApp;
  let model: FakeModelServer;
  let pages: Server;
  let pagesUrl: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admin = (companyId = A) => t.token({ userId: companyId * 10, companyId, profile: 'admin', plan: ['useIntegrations'] });
  const user = () => t.token({ userId: 11, companyId: A, profile: 'user', plan: ['useIntegrations'] });
  const api = () => request(t.http);
  const anAgent = async (companyId = A, name = 'Vendedor') =>
    expectAnswer(
      agentSchema,
      await api()
        .post('/api/agents')
        .set(as(admin(companyId)))
        .send({ name, mode: 'advanced', companyName: 'Loja Azul', apiKey: KEY, customPrompt: `Você é o ${name} da Loja Azul.` })
        .expect(201),
    );
  const upload = (agentId: number, file: Buffer, filename: string, token = admin()) =>
    api().post(`/api/agents/${agentId}/knowledge`).set(as(token)).attach('file', file, filename);

  beforeAll(async () => {
    model = await FakeModelServer.start();
    pages = createServer((req, res) => {
      if (req.url === '/faq') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<html><head><title>FAQ</title><style>body{color:red}</style><script>var segredo = 1;</script></head>' +
            '<body><nav>Menu Início Produtos</nav><h1>Perguntas frequentes</h1><p>Entregamos em <b>todo o Brasil</b> em até 5 dias úteis.</p></body></html>',
        );
      } else if (req.url === '/old') {
        res.writeHead(301, { location: '/faq' }).end();
      } else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(Buffer.alloc(KNOWLEDGE_LIMITS.pageBytes + 10, 'a'));
      } else if (req.url === '/image') {
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      } else {
        res.writeHead(500).end('erro');
      }
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    t = await startAiTestApp({ providerBaseUrls: { openai: model.baseUrl }, modelRetries: 0 }, { outboundAllowedHosts: ['127.0.0.1'] });
    await t.publish(connectionUpdated, A, CONNECTION, { connection: connectionFixture(A, CONNECTION, { timeforagroup: 1 }) });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await model?.close();
    await new Promise((resolve) => pages?.close(resolve));
  });

  it('reads a markdown file into chunks: listed with its size, status and title, readable by every user, written by admins only', async () => {
    const agent = await anAgent();
    const document = expectAnswer(knowledgeDocumentSchema, await upload(agent.id, Buffer.from(RETURNS), 'trocas.md').expect(201));
    expect(document).toMatchObject({
      agentId: agent.id,
      companyId: A,
      title: 'trocas',
      sourceKind: 'text',
      sizeBytes: Buffer.byteLength(RETURNS),
      status: 'ready',
      error: null,
      truncated: false,
    });
    expect(document.chunks).toBeGreaterThanOrEqual(1);
    const [stored] = await t.dataSource.query(`SELECT body FROM ai.knowledge_chunks WHERE document_id = $1 ORDER BY position`, [
      document.id,
    ]);
    expect(stored.body).toContain('30 dias');

    const listed = expectAnswer(
      knowledgeDocumentListSchema,
      await api().get(`/api/agents/${agent.id}/knowledge`).set(as(user())).expect(200),
    );
    expect(listed.map((d) => d.id)).toEqual([document.id]);
    expectErrorAnswer(await upload(agent.id, Buffer.from('x'), 'a.txt', user()).expect(403), 'ERR_NO_PERMISSION');
    await api().delete(`/api/agents/${agent.id}/knowledge/${document.id}`).set(as(user())).expect(403);
  });

  it('reads a PDF and a DOCX with their libraries, titled as sent or by their file name', async () => {
    const agent = await anAgent();
    const pdf = expectAnswer(
      knowledgeDocumentSchema,
      await api()
        .post(`/api/agents/${agent.id}/knowledge`)
        .set(as(admin()))
        .field('title', 'Tabela de garantia')
        .attach('file', aPdf(['Garantia de 12 meses para eletronicos.', 'Assistencia tecnica em Sao Paulo.']), 'garantia.pdf')
        .expect(201),
    );
    expect(pdf).toMatchObject({ title: 'Tabela de garantia', sourceKind: 'pdf', status: 'ready' });
    const docx = expectAnswer(
      knowledgeDocumentSchema,
      await upload(agent.id, aDocx(['Horário de atendimento', 'Segunda a sexta, das 8h às 18h.']), 'horário.docx').expect(201),
    );
    expect(docx).toMatchObject({ title: 'horário', sourceKind: 'docx', status: 'ready' });
    const bodies = async (id: number) =>
      (await t.dataSource.query(`SELECT body FROM ai.knowledge_chunks WHERE document_id = $1`, [id]))
        .map((r: { body: string }) => r.body)
        .join(' ');
    expect(await bodies(pdf.id)).toContain('Garantia de 12 meses para eletronicos.');
    expect(await bodies(docx.id)).toContain('Segunda a sexta, das 8h às 18h.');
  });

  it('refuses what it cannot or must not read: a DOCX that unpacks huge (at once, nothing unpacked), a file over the limit (413), an image, nothing sent', async () => {
    const agent = await anAgent();
    const bomb = aDocxBomb(60);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const refused = expectAnswer(knowledgeDocumentSchema, await upload(agent.id, bomb, 'bomba.docx').expect(201));
    expect(refused).toMatchObject({ status: 'failed', error: 'too_large', chunks: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);

    await upload(agent.id, Buffer.alloc(KNOWLEDGE_LIMITS.uploadBytes + 1, 'a'), 'grande.txt').expect(413);
    expectErrorAnswer(await upload(agent.id, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'foto.png').expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await upload(agent.id, Buffer.from('PK\u0003\u0004 not a docx'), 'planilha.xlsx').expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await api().post(`/api/agents/${agent.id}/knowledge`).set(as(admin())).expect(400), 'ERR_VALIDATION');
    const broken = expectAnswer(
      knowledgeDocumentSchema,
      await upload(agent.id, Buffer.from('%PDF-1.4 nothing else'), 'quebrado.pdf').expect(201),
    );
    expect(broken).toMatchObject({ status: 'failed' });
  });

  it("reads a web page's text (redirect followed, scripts and menus dropped) through the outbound guard; refuses internal addresses and keeps failures", async () => {
    const agent = await anAgent();
    const page = expectAnswer(
      knowledgeDocumentSchema,
      await api()
        .post(`/api/agents/${agent.id}/knowledge/url`)
        .set(as(admin()))
        .send({ url: `${pagesUrl}/old`, title: 'FAQ do site' })
        .expect(201),
    );
    expect(page).toMatchObject({ title: 'FAQ do site', sourceKind: 'url', sourceUrl: `${pagesUrl}/old`, status: 'ready' });
    const [chunk] = await t.dataSource.query(`SELECT body FROM ai.knowledge_chunks WHERE document_id = $1`, [page.id]);
    expect(chunk.body).toContain('Entregamos em todo o Brasil em até 5 dias úteis.');
    expect(chunk.body).not.toContain('segredo');
    expect(chunk.body).not.toContain('Menu');

    const metadata = await api()
      .post(`/api/agents/${agent.id}/knowledge/url`)
      .set(as(admin()))
      .send({ url: 'http://169.254.169.254/latest/meta-data/' })
      .expect(400);
    expect(expectErrorAnswer(metadata, 'ERR_VALIDATION').fields).toEqual([
      { path: 'url', message: 'Endereço não permitido: rede interna ou local' },
    ]);
    expectErrorAnswer(
      await api().post(`/api/agents/${agent.id}/knowledge/url`).set(as(admin())).send({ url: 'ftp://example.com/a' }).expect(400),
      'ERR_VALIDATION',
    );
    const failing = async (path: string) =>
      expectAnswer(
        knowledgeDocumentSchema,
        await api()
          .post(`/api/agents/${agent.id}/knowledge/url`)
          .set(as(admin()))
          .send({ url: `${pagesUrl}${path}` })
          .expect(201),
      );
    expect(await failing('/down')).toMatchObject({ status: 'failed', error: 'fetch_failed' });
    expect(await failing('/huge')).toMatchObject({ status: 'failed', error: 'too_large' });
    expect(await failing('/image')).toMatchObject({ status: 'failed', error: 'unreadable' });
  });

  it("is the company's own: another company's admin gets 404 listing, adding to or deleting from the agent; a delete takes the chunks with it", async () => {
    const agent = await anAgent();
    const document = expectAnswer(knowledgeDocumentSchema, await upload(agent.id, Buffer.from(RETURNS), 'trocas.md').expect(201));
    const outsider = admin(B);
    expectErrorAnswer(await api().get(`/api/agents/${agent.id}/knowledge`).set(as(outsider)).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await upload(agent.id, Buffer.from('x'), 'a.txt', outsider).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(
      await api()
        .post(`/api/agents/${agent.id}/knowledge/url`)
        .set(as(outsider))
        .send({ url: `${pagesUrl}/faq` })
        .expect(404),
      'ERR_NOT_FOUND',
    );
    expectErrorAnswer(
      await api().delete(`/api/agents/${agent.id}/knowledge/${document.id}`).set(as(outsider)).expect(404),
      'ERR_NOT_FOUND',
    );
    const theirs = await anAgent(B, 'Outro');
    expectErrorAnswer(
      await api().delete(`/api/agents/${theirs.id}/knowledge/${document.id}`).set(as(outsider)).expect(404),
      'ERR_NOT_FOUND',
    );

    await api().delete(`/api/agents/${agent.id}/knowledge/${document.id}`).set(as(admin())).expect(200);
    expect(await t.dataSource.query(`SELECT 1 FROM ai.knowledge_chunks WHERE document_id = $1`, [document.id])).toHaveLength(0);
  });

  it('an agent with documents answers from the passages that match the question, told to cite the document and never invent; its reply names the document', async () => {
    const agent = await anAgent(A, 'Atendente');
    await upload(agent.id, Buffer.from(RETURNS), 'Política de trocas.md').expect(201);
    await upload(agent.id, aDocx(['Horário de atendimento: segunda a sexta, das 8h às 18h.']), 'Horários.docx').expect(201);
    const other = await anAgent(B, 'Concorrente');
    await upload(other.id, Buffer.from('Devolução em 90 dias na Loja Vermelha.'), 'segredo da loja B.txt', admin(B)).expect(201);

    const queueId = 700;
    const queue = { ...queueFixture(A, queueId), name: 'Atendimento' };
    await t.publish(queueSaved, A, `queue-${queueId}`, { queue: { ...queue, agentId: agent.id }, created: true });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE id = $1 AND agent_id = $2`, [queueId, agent.id])).length === 1,
    );
    // The model answers from what it was given: it names the first document its prompt shows.
    model.answerWith((received) => {
      const title = /Documento: "([^"]+)"/.exec(received.body.messages[0]!.content)?.[1];
      return { kind: 'reply', text: title ? `Você tem 30 dias para devolver. (Fonte: "${title}")` : 'Não encontrei essa informação.' };
    });
    const ticket = aTicket(A, 9001, queueId, { whatsappId: CONNECTION });
    const say = async (id: number, body: string, overrides: Partial<Message> = {}) => {
      const payload: EventPayload<typeof messageCreated> = { message: aMessage(ticket, id, body, overrides), ticket, audience: [] };
      await t.publish(messageCreated, A, ticket.id, payload);
    };
    const replies = () =>
      t.events.flatMap((envelope) => {
        const reply = readEvent(aiReplyRequested, envelope);
        return reply && reply.ticketId === ticket.id ? [reply] : [];
      });

    await say(90001, 'Em quantos dias posso devolver um produto?');
    const [reply] = await waitFor(() => replies().length === 1 && replies(), { what: 'the grounded answer' });
    expect(reply!.body).toBe('Você tem 30 dias para devolver. (Fonte: "Política de trocas")');
    const system = model.requests.at(-1)!.body.messages[0]!.content;
    expect(system).toContain('Você é o Atendente da Loja Azul.');
    expect(system).toContain('Documento: "Política de trocas"');
    expect(system).toContain('em até 30 dias após o recebimento');
    expect(system).toContain('cite o título do documento');
    expect(system).toContain('nunca invente');
    expect(system).not.toContain('Loja Vermelha');
    expect(system).not.toContain('Horários');

    // Conversations posts the answer to the ticket: the next question is searched alone.
    await say(90002, reply!.body, { fromMe: true, aiAuthor: reply!.author });
    await say(90003, 'Vocês vendem bicicletas elétricas?');
    await waitFor(() => replies().length === 2, { what: 'the honest answer' });
    const asked = model.requests.at(-1)!.body.messages[0]!.content;
    expect(asked).toContain('Nenhum trecho dos documentos corresponde a esta pergunta.');
    expect(replies()[1]!.body).toBe('Não encontrei essa informação.');
  });
});
