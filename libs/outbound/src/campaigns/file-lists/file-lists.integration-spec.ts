import { fileListDeleted, fileListPageResponseSchema, fileListSaved, fileListSchema } from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';

const A = 1;
const B = 2;
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** File lists (spec 2): name at least 3 ('nome muito curto'), name and message required, attachments typed by their bytes. */
describe('file lists over HTTP', () => {
  let t: OutboundTestApp;
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startOutboundTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("the name needs 3 characters ('nome muito curto'); name and message are required ('Obrigatório')", async () => {
    for (const [body, fields] of [
      [
        {},
        [
          { path: 'name', message: 'Obrigatório' },
          { path: 'message', message: 'Obrigatório' },
        ],
      ],
      [{ name: 'ab', message: 'Olá' }, [{ path: 'name', message: 'nome muito curto' }]],
      [{ name: 'Catálogo', message: '   ' }, [{ path: 'message', message: 'Obrigatório' }]],
    ] as const) {
      const refused = expectErrorAnswer(await api().post('/api/files').set(as(user())).send(body).expect(400), 'ERR_VALIDATION');
      expect(refused.fields).toEqual(fields);
    }
  });

  it('a file list keeps several attachments with their types, is searched, changed and deleted, live on company-{id}-file', async () => {
    const created = expectAnswer(
      fileListSchema,
      await api()
        .post('/api/files')
        .set(as(user()))
        .send({ name: 'Catálogo de verão', message: 'Veja as novidades', options: [{ name: 'Capa' }] })
        .expect(201),
    );
    expect(created.options).toEqual([
      { id: expect.any(Number), name: 'Capa', path: null, mediaType: null, mimetype: null, fileName: null },
    ]);

    const uploaded = expectAnswer(
      fileListSchema,
      await api()
        .post(`/api/files/uploadList/${created.id}`)
        .set(as(user()))
        .field('id', String(created.options[0]!.id))
        .field('name', 'Capa')
        .field('typeArch', 'fileList')
        .attach('files', png, { filename: 'capa verão.png', contentType: 'image/png' })
        .field('id', '')
        .field('name', 'Tabela de preços')
        .attach('files', pdf, { filename: 'precos.pdf', contentType: 'application/pdf' })
        .expect(201),
    );
    expect(uploaded.options.map((o) => [o.name, o.mediaType, o.mimetype, o.fileName])).toEqual([
      ['Capa', 'image', 'image/png', 'capa_verão.png'],
      ['Tabela de preços', 'document', 'application/pdf', 'precos.pdf'],
    ]);
    expect(uploaded.options[0]!.path).toMatch(/^\/api\/whatsapp-media\/companies\/1\/outbound\/files\//);

    // A file whose bytes are not its declared type is refused, and nothing is stored.
    expectErrorAnswer(
      await api()
        .post(`/api/files/uploadList/${created.id}`)
        .set(as(user()))
        .attach('files', Buffer.from('not an image'), { filename: 'x.png', contentType: 'image/png' })
        .expect(400),
      'ERR_VALIDATION',
    );

    const renamed = expectAnswer(
      fileListSchema,
      await api()
        .put(`/api/files/${created.id}`)
        .set(as(user()))
        .send({ name: 'Catálogo de inverno', message: 'Novidades', options: [{ id: uploaded.options[1]!.id, name: 'Preços' }] })
        .expect(200),
    );
    expect(renamed.options.map((o) => [o.name, o.mediaType])).toEqual([['Preços', 'document']]);

    const search = (token: string, searchParam: string) =>
      api()
        .get('/api/files')
        .query({ searchParam })
        .set(as(token))
        .expect(200)
        .then((answer) => expectAnswer(fileListPageResponseSchema, answer));
    expect((await search(user(), 'INVERNO')).files.map((f) => f.name)).toEqual(['Catálogo de inverno']);
    expect((await search(outsider(), '')).files).toEqual([]);

    expectErrorAnswer(await api().get(`/api/files/${created.id}`).set(as(outsider())).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().put(`/api/files/${created.id}`).set(as(outsider())).send({ name: 'Minha', message: 'x' }).expect(404));
    expectErrorAnswer(
      await api().post(`/api/files/uploadList/${created.id}`).set(as(outsider())).attach('files', pdf, 'a.pdf').expect(404),
      'ERR_NOT_FOUND',
    );
    expectErrorAnswer(await api().delete(`/api/files/${created.id}`).set(as(outsider())).expect(404));

    await api().delete(`/api/files/${created.id}`).set(as(user())).expect(200);
    await t.published();
    const saved = t.events.flatMap((e) => {
      const event = readEvent(fileListSaved, e);
      return event ? [event.created] : [];
    });
    expect(saved).toEqual([true, false, false]);
    expect(t.events.some((e) => readEvent(fileListDeleted, e)?.fileListId === created.id)).toBe(true);
  });
});
