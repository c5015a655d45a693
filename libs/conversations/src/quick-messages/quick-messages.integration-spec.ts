import {
  messageSchema,
  QUICK_MESSAGES_PAGE_SIZE,
  quickMessageChanged,
  quickMessageDeleteResponseSchema,
  quickMessageListResponseSchema,
  quickMessagePageResponseSchema,
  quickMessageSchema,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { QuickMessageShortcodes1732500001330 } from '../migrations/1732500001330-quick-message-shortcodes';
import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Quick messages (spec 2, docs/permissions.md): who reads, changes and makes general which one. */
describe('quick messages over HTTP', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const ana = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const bia = () => t.token({ userId: 4, companyId: A, profile: 'user' });
  const supervisor = () => t.token({ userId: 3, companyId: A, profile: 'supervisor' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = async (token: string, body: object) =>
    expectAnswer(quickMessageSchema, await api().post('/api/quick-messages').set(as(token)).send(body).expect(201));
  const shortcodes = async (token: string, path = '/api/quick-messages/list') =>
    (expectAnswer(quickMessageListResponseSchema, await api().get(path).set(as(token)).expect(200)) as { shortcode: string }[]).map(
      (m) => m.shortcode,
    );

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.user({ id: 2, companyId: A, name: 'Ana' });
    await s.user({ id: 3, companyId: A, name: 'Sara', profile: 'supervisor' });
    await s.user({ id: 4, companyId: A, name: 'Bia' });
    await s.user({ id: 20, companyId: B, name: 'Outra', profile: 'admin' });
    await s.connection({ id: 10, companyId: A });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("the shortcode is required ('Obrigatório'); only an admin makes one general", async () => {
    for (const body of [{}, { shortcode: '   ', message: 'x' }]) {
      const refused = await api().post('/api/quick-messages').set(as(ana())).send(body).expect(400);
      expect(refused.body.fields).toEqual([{ path: 'shortcode', message: 'Obrigatório' }]);
    }
    expect(await create(ana(), { shortcode: 'ola-ana', message: 'Olá {{name}}!', geral: true })).toMatchObject({
      geral: false,
      userId: 2,
      isMedia: false,
      mediaName: null,
      status: true,
    });
    expect((await create(supervisor(), { shortcode: 'ola-sara', message: 'Oi', geral: 'true' })).geral).toBe(false);
    expect((await create(admin(), { shortcode: 'bom-dia', message: 'Bom dia, {{firstName}}', geral: true })).geral).toBe(true);
    await create(bia(), { shortcode: 'bia-privada', message: 'só minha' });
    await create(outsider(), { shortcode: 'deles', message: 'de outra empresa', geral: true });
  });

  it("the chat's list holds the caller's own and the general ones; the screen shows admins and supervisors every one", async () => {
    expect(await shortcodes(ana())).toEqual(['bom-dia', 'ola-ana']);
    // The query's ids are the Whaticket web's: the token says whose list it is.
    expect(await shortcodes(ana(), `/api/quick-messages/list?companyId=${B}&userId=4`)).toEqual(['bom-dia', 'ola-ana']);
    expect(await shortcodes(outsider())).toEqual(['deles']);
    const screen = (token: string, query = {}) =>
      api()
        .get('/api/quick-messages')
        .query(query)
        .set(as(token))
        .expect(200)
        .then((answer) => expectAnswer(quickMessagePageResponseSchema, answer));
    expect((await screen(ana())).records.map((m) => m.shortcode)).toEqual(['bom-dia', 'ola-ana']);
    const all = await screen(supervisor());
    expect(all.records.map((m) => m.shortcode)).toEqual(['bia-privada', 'bom-dia', 'ola-ana', 'ola-sara']);
    expect(all.count).toBe(4);
    expect((await screen(admin(), { searchParam: 'BOM' })).records.map((m) => m.shortcode)).toEqual(['bom-dia']);
    expect((await screen(admin(), { searchParam: 'minha' })).records.map((m) => m.shortcode)).toEqual(['bia-privada']);
  });

  it('the screen pages by shortcode', async () => {
    for (let i = 0; i < QUICK_MESSAGES_PAGE_SIZE; i += 1) await create(bia(), { shortcode: `z-${String(i).padStart(2, '0')}` });
    const first = expectAnswer(quickMessagePageResponseSchema, await api().get('/api/quick-messages').set(as(bia())).expect(200));
    expect(first).toMatchObject({ count: QUICK_MESSAGES_PAGE_SIZE + 2, hasMore: true });
    expect(first.records).toHaveLength(QUICK_MESSAGES_PAGE_SIZE);
    const second = expectAnswer(
      quickMessagePageResponseSchema,
      await api().get('/api/quick-messages').query({ pageNumber: 2 }).set(as(bia())).expect(200),
    );
    expect(second.hasMore).toBe(false);
    expect(second.records.map((m) => m.shortcode)).toEqual(['z-18', 'z-19']);
  });

  it('a user edits and deletes only their own private ones; admins and supervisors any; the general flag stays an admin’s', async () => {
    const list = expectAnswer(quickMessagePageResponseSchema, await api().get('/api/quick-messages').set(as(admin())).expect(200));
    const id = (shortcode: string) => list.records.find((m) => m.shortcode === shortcode)!.id;

    const own = await api()
      .put(`/api/quick-messages/${id('ola-ana')}`)
      .set(as(ana()))
      .send({ message: 'Olá, {{name}}', geral: true })
      .expect(200);
    expect(expectAnswer(quickMessageSchema, own)).toMatchObject({ message: 'Olá, {{name}}', geral: false });
    // General: Ana reads it but may not change it.
    expectErrorAnswer(
      await api()
        .put(`/api/quick-messages/${id('bom-dia')}`)
        .set(as(ana()))
        .send({ message: 'x' })
        .expect(403),
      'ERR_NO_PERMISSION',
    );
    expectErrorAnswer(
      await api()
        .delete(`/api/quick-messages/${id('bom-dia')}`)
        .set(as(ana()))
        .expect(403),
      'ERR_NO_PERMISSION',
    );
    // Bia's private one is not Ana's to know of.
    expectErrorAnswer(
      await api()
        .get(`/api/quick-messages/${id('bia-privada')}`)
        .set(as(ana()))
        .expect(404),
      'ERR_NOT_FOUND',
    );
    expectErrorAnswer(
      await api()
        .put(`/api/quick-messages/${id('bia-privada')}`)
        .set(as(ana()))
        .send({ message: 'x' })
        .expect(404),
      'ERR_NOT_FOUND',
    );

    const bySupervisor = await api()
      .put(`/api/quick-messages/${id('bom-dia')}`)
      .set(as(supervisor()))
      .send({ geral: false, message: 'Bom dia!' });
    expect(expectAnswer(quickMessageSchema, bySupervisor)).toMatchObject({ message: 'Bom dia!', geral: true });
    await api()
      .put(`/api/quick-messages/${id('bia-privada')}`)
      .set(as(supervisor()))
      .send({ message: 'revisada' })
      .expect(200);
    const byAdmin = await api()
      .put(`/api/quick-messages/${id('ola-sara')}`)
      .set(as(admin()))
      .send({ geral: true })
      .expect(200);
    expect(expectAnswer(quickMessageSchema, byAdmin).geral).toBe(true);

    const deleted = await api()
      .delete(`/api/quick-messages/${id('bia-privada')}`)
      .set(as(supervisor()))
      .expect(200);
    expectAnswer(quickMessageDeleteResponseSchema, deleted);
    await api()
      .get(`/api/quick-messages/${id('bia-privada')}`)
      .set(as(admin()))
      .expect(404);
    await waitFor(
      () =>
        t.events.some(
          (e) =>
            readEvent(quickMessageChanged, e)?.quickMessageId === id('bia-privada') &&
            readEvent(quickMessageChanged, e)?.action === 'delete',
        ),
      { what: 'the deletion event' },
    );
  });

  it("another company's quick message answers 404 on every route, and nothing changes", async () => {
    const [theirs] = expectAnswer(
      quickMessageListResponseSchema,
      await api().get('/api/quick-messages/list').set(as(outsider())).expect(200),
    );
    const routes = [
      api().get(`/api/quick-messages/${theirs!.id}`),
      api().put(`/api/quick-messages/${theirs!.id}`).send({ message: 'nossa' }),
      api().delete(`/api/quick-messages/${theirs!.id}`),
      api().post(`/api/quick-messages/${theirs!.id}/media-upload`).field('typeArch', 'quickMessage').attach('file', png, 'x.png'),
      api().delete(`/api/quick-messages/${theirs!.id}/media-upload`),
    ];
    for (const call of routes) expectErrorAnswer(await call.set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    expect(
      expectAnswer(quickMessageSchema, await api().get(`/api/quick-messages/${theirs!.id}`).set(as(outsider())).expect(200)),
    ).toMatchObject({
      message: 'de outra empresa',
      isMedia: false,
    });
  });

  it('one attachment (spaces in its name become underscores) that a message can send; removing it leaves none', async () => {
    const quick = await create(ana(), { shortcode: 'catalogo', message: 'Segue o catálogo' });
    const upload = () => api().post(`/api/quick-messages/${quick.id}/media-upload`).set(as(ana())).field('typeArch', 'quickMessage');
    const first = expectAnswer(
      quickMessageSchema,
      await upload().attach('file', png, { filename: 'foto velha.png', contentType: 'image/png' }).expect(201),
    );
    expect(first).toMatchObject({ isMedia: true, mediaName: 'foto_velha.png', mimetype: 'image/png' });
    const second = expectAnswer(
      quickMessageSchema,
      await upload().attach('file', Buffer.from('%PDF-1.4'), { filename: 'meu catálogo.pdf', contentType: 'application/pdf' }).expect(201),
    );
    expect(second).toMatchObject({ isMedia: true, mediaName: 'meu_catálogo.pdf', mimetype: 'application/pdf' });
    expect(second.mediaPath).toMatch(new RegExp(`^/api/whatsapp-media/companies/${A}/conversations/uploads/.+\\.pdf$`));
    expect(
      (await upload().attach('file', Buffer.from('MZ'), { filename: 'x.exe', contentType: 'application/x-msdownload' }).expect(400)).body
        .error,
    ).toBe('ERR_VALIDATION');
    expect((await upload().expect(400)).body.fields).toEqual([{ path: 'file', message: 'Required' }]);
    // A general one's attachment is not a user's to change.
    const general = await create(admin(), { shortcode: 'geral-anexo', geral: true });
    await api()
      .post(`/api/quick-messages/${general.id}/media-upload`)
      .set(as(ana()))
      .attach('file', png, { filename: 'x.png', contentType: 'image/png' })
      .expect(403);

    // The chat sends the attachment by reference, as POST /messages accepts a stored media.
    await s.inbound(A, 10, anInboundText('5511900003333', 'Oi'));
    const ticket = await s.ticketOf('5511900003333');
    const sent = await api()
      .post(`/api/messages/${ticket.id}`)
      .set(as(admin()))
      .send({ body: second.message, mediaUrl: second.mediaPath, mimetype: second.mimetype, fileName: second.mediaName })
      .expect(201);
    expect(expectAnswer(messageSchema, sent)).toMatchObject({
      mediaType: 'application',
      mediaUrl: second.mediaPath,
      body: 'Segue o catálogo',
    });

    const removed = expectAnswer(
      quickMessageSchema,
      await api().delete(`/api/quick-messages/${quick.id}/media-upload`).set(as(ana())).expect(200),
    );
    expect(removed).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null, mimetype: null });
  });

  it('a shortcode is taken once among what one user picks from (their own and the general ones), as a tag name is per company', async () => {
    const taken = [{ path: 'shortcode', message: 'Atalho já existe' }];
    await create(admin(), { shortcode: 'saudacao', message: 'Olá!', geral: true });
    // A general one's shortcode is everyone's: nobody adds it again, privately or generally.
    expect((await api().post('/api/quick-messages').set(as(ana())).send({ shortcode: 'saudacao' }).expect(400)).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: taken,
    });
    expect(
      (await api().post('/api/quick-messages').set(as(admin())).send({ shortcode: 'saudacao', geral: true }).expect(400)).body.fields,
    ).toEqual(taken);
    // Another user's private one is no clash; one's own private one is.
    await create(ana(), { shortcode: 'meu-oi', message: 'Oi da Ana' });
    await create(bia(), { shortcode: 'meu-oi', message: 'Oi da Bia' });
    expect((await api().post('/api/quick-messages').set(as(ana())).send({ shortcode: 'meu-oi' }).expect(400)).body.fields).toEqual(taken);
    // Made general, it would clash with Ana's and Bia's: refused.
    expect(
      (await api().post('/api/quick-messages').set(as(admin())).send({ shortcode: 'meu-oi', geral: true }).expect(400)).body.fields,
    ).toEqual(taken);
    // Renaming into a taken shortcode is refused too, and changes nothing.
    const other = await create(ana(), { shortcode: 'outro-oi' });
    expect(
      (await api().put(`/api/quick-messages/${other.id}`).set(as(ana())).send({ shortcode: 'saudacao' }).expect(400)).body.fields,
    ).toEqual(taken);
    expect((await api().get(`/api/quick-messages/${other.id}`).set(as(ana())).expect(200)).body.shortcode).toBe('outro-oi');
    // Another company is not concerned.
    await create(outsider(), { shortcode: 'saudacao', geral: true });
  });

  it('the migration renames the shortcodes that already clash (the oldest keeps its own) and then refuses new clashes', async () => {
    const runner = t.dataSource.createQueryRunner();
    const migration = new QuickMessageShortcodes1732500001330();
    try {
      await migration.down(runner);
      const insert = async (userId: number | null, shortcode: string, geral: boolean) =>
        (
          await runner.query(
            `INSERT INTO conversations.quick_messages (company_id, user_id, shortcode, message, geral) VALUES ($1, $2, $3, 'texto', $4) RETURNING id`,
            [A, userId, shortcode, geral],
          )
        )[0].id as number;
      const first = await insert(2, 'dup', false);
      const sameUser = await insert(2, 'dup', false);
      const otherUser = await insert(4, 'dup', false);
      const general = await insert(1, 'dup', true);
      const gone = await insert(null, 'dup', false);
      // Already taken by its own rename: renamed again.
      const squatter = await insert(4, `dup-${general}`, false);
      await migration.up(runner);
      const rows: { id: number; shortcode: string }[] = await runner.query(
        `SELECT id, shortcode FROM conversations.quick_messages WHERE id = ANY($1) ORDER BY id`,
        [[first, sameUser, otherUser, general, gone, squatter]],
      );
      expect(Object.fromEntries(rows.map((row) => [row.id, row.shortcode]))).toEqual({
        [first]: 'dup',
        [sameUser]: `dup-${sameUser}`,
        [otherUser]: 'dup',
        [general]: `dup-${general}`,
        [gone]: 'dup',
        [squatter]: `dup-${general}-${squatter}`,
      });
    } finally {
      await runner.release();
    }
    expect((await api().post('/api/quick-messages').set(as(ana())).send({ shortcode: 'dup' }).expect(400)).body.error).toBe(
      'ERR_VALIDATION',
    );
  });
});
