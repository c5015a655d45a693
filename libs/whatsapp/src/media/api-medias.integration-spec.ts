import {
  apiMediaDeleteResponseSchema,
  apiMediaFileSchema,
  apiMediaInUseSchema,
  apiMediaListSchema,
  type Connection,
  connectionSchema,
  errorBodySchema,
} from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { announceQueues, startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 131;
const B = 232;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** The start of an MP4: a box size, then `ftyp`. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe("a connection's API media positions choose, by name, images and videos the company uploaded (real PostgreSQL)", () => {
  let t: WhatsappTestApp;
  let adminA: string;
  let userA: string;
  let adminB: string;
  let connection: Connection;

  beforeAll(async () => {
    t = await startWhatsappTestApp();
    adminA = t.token({ userId: 1, companyId: A });
    userA = t.token({ userId: 2, companyId: A, profile: 'user' });
    adminB = t.token({ userId: 3, companyId: B });
    await announceQueues(t, A, [1]);
    connection = expectAnswer(connectionSchema, await api().post('/api/whatsapp').set(as(adminA)).send({ name: 'Mídias' }).expect(201));
  });
  afterAll(() => t.close());

  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const upload = (token: string, bytes: Buffer, name: string, contentType: string) =>
    api().post('/api/whatsapp-media/api-medias').set(as(token)).attach('file', bytes, { filename: name, contentType });
  const list = async (token: string) =>
    expectAnswer(apiMediaListSchema, await api().get('/api/whatsapp-media/api-medias').set(as(token)).expect(200));

  it("lists the company's uploaded images and videos by name, type, size and upload time, and refuses other files", async () => {
    expectAnswer(apiMediaFileSchema, await upload(adminA, PNG, 'menu do dia.png', 'image/png').expect(201));
    expectAnswer(apiMediaFileSchema, await upload(adminA, MP4, 'tour.mp4', 'video/mp4').expect(201));
    const pdf = await upload(adminA, PDF, 'lista.pdf', 'application/pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ error: 'ERR_VALIDATION' });

    const files = await list(adminA);
    expect(files.map((file) => [file.name, file.type, file.mimetype, file.size])).toEqual([
      ['tour.mp4', 'video', 'video/mp4', MP4.length],
      ['menu_do_dia.png', 'image', 'image/png', PNG.length],
    ]);
    for (const file of files) expect(Date.parse(file.uploadedAt)).not.toBeNaN();
  });

  it("another company's users never see them, and agents may neither list nor upload", async () => {
    expect(await list(adminB)).toEqual([]);
    await upload(adminB, PNG, 'outra.png', 'image/png').expect(201);
    expect((await list(adminA)).map((file) => file.name)).not.toContain('outra.png');
    expect((await list(adminB)).map((file) => file.name)).toEqual(['outra.png']);
    await api().get('/api/whatsapp-media/api-medias').set(as(userA)).expect(403);
    await upload(userA, PNG, 'agente.png', 'image/png').expect(403);
  });

  it('a position saved with an uploaded name is kept; a name that is not one of the company uploads is refused with a 400', async () => {
    const saved = await api()
      .put(`/api/whatsapp/${connection.id}`)
      .set(as(adminA))
      .send({ api1_medias: ['menu_do_dia.png', null, 'tour.mp4'] })
      .expect(200);
    expect(expectAnswer(connectionSchema, saved).api1_medias).toEqual(['menu_do_dia.png', null, 'tour.mp4']);

    for (const name of ['nunca-enviado.png', 'outra.png']) {
      const refused = await api()
        .put(`/api/whatsapp/${connection.id}`)
        .set(as(adminA))
        .send({ api2_medias: [null, name] });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'api2_medias.1' }] });
      expect(refused.body.message).toContain(name);
    }
    const after = expectAnswer(connectionSchema, await api().get(`/api/whatsapp/${connection.id}`).set(as(adminA)).expect(200));
    expect(after.api2_medias).toEqual([]);

    // Names the connection already holds stay valid while another position changes.
    await api()
      .put(`/api/whatsapp/${connection.id}`)
      .set(as(adminA))
      .send({ api1_medias: ['menu_do_dia.png', 'tour.mp4', 'tour.mp4'] })
      .expect(200);
  });

  const remove = (token: string, name: string) =>
    api()
      .delete(`/api/whatsapp-media/api-medias/${encodeURIComponent(name)}`)
      .set(as(token));

  it('an upload a position named before the list existed is listed, once, beside the new ones; other chat uploads are not', async () => {
    // Before the list, the card uploaded through the chat's upload, and the position kept the name as it was saved then.
    const legacy = await api()
      .post('/api/whatsapp-media')
      .set(as(adminA))
      .attach('file', PNG, { filename: 'cardápio antigo.png', contentType: 'image/png' });
    expect(legacy.status).toBe(201);
    await api()
      .post('/api/whatsapp-media')
      .set(as(adminA))
      .attach('file', PNG, { filename: 'foto do cliente.png', contentType: 'image/png' })
      .expect(201);
    await t.dataSource.query(`UPDATE whatsapp.connections SET api2_medias = $2 WHERE id = $1`, [
      connection.id,
      JSON.stringify([null, 'cardápio_antigo.png']),
    ]);

    const names = (await list(adminA)).map((file) => file.name);
    expect(names).toContain('cardápio_antigo.png');
    expect(names).not.toContain('foto_do_cliente.png');
    const adopted = (await list(adminA)).filter((file) => file.name === 'cardápio_antigo.png');
    expect(adopted).toHaveLength(1);
    expect(adopted[0]).toMatchObject({ type: 'image', mimetype: 'image/png', size: PNG.length });
    // Its bytes are served from the company's media like any upload.
    const served = await api().get(adopted[0]!.url).set(as(adminA)).buffer(true).expect(200);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    // Another company never sees it.
    expect((await list(adminB)).map((file) => file.name)).toEqual(['outra.png']);
  });

  it('an API media a position holds is kept, with where it is used; once no position holds it, it is deleted', async () => {
    const refused = await remove(adminA, 'menu_do_dia.png');
    expect(refused.status).toBe(409);
    const body = expectAnswer(errorBodySchema, refused);
    expect(body.error).toBe('ERR_API_MEDIA_IN_USE');
    expect(apiMediaInUseSchema.parse(body).connections).toEqual([{ id: connection.id, name: 'Mídias', positions: ['api1_medias.0'] }]);
    expect((await list(adminA)).map((file) => file.name)).toContain('menu_do_dia.png');

    await api()
      .put(`/api/whatsapp/${connection.id}`)
      .set(as(adminA))
      .send({ api1_medias: [null, 'tour.mp4', 'tour.mp4'] })
      .expect(200);
    expectAnswer(apiMediaDeleteResponseSchema, await remove(adminA, 'menu_do_dia.png').expect(200));
    expect((await list(adminA)).map((file) => file.name)).not.toContain('menu_do_dia.png');
    await remove(adminA, 'menu_do_dia.png').expect(404);
    // Gone, a position can no longer choose it.
    await api()
      .put(`/api/whatsapp/${connection.id}`)
      .set(as(adminA))
      .send({ api3_medias: ['menu_do_dia.png'] })
      .expect(400);
  });

  it("another company's admin gets 404 and changes nothing; agents may not delete; a name that cannot be one is a 400", async () => {
    const before = (await list(adminA)).map((file) => file.name);
    expect(before).toEqual(expect.arrayContaining(['tour.mp4', 'cardápio_antigo.png']));
    const other = await remove(adminB, 'tour.mp4');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: 'ERR_NOT_FOUND' });
    expect((await list(adminA)).map((file) => file.name)).toEqual(before);
    // B's own file goes; A's list does not change.
    await remove(adminB, 'outra.png').expect(200);
    expect(await list(adminB)).toEqual([]);
    await remove(userA, 'tour.mp4').expect(403);
    const tooLong = await remove(adminA, 'x'.repeat(256));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await list(adminA)).map((file) => file.name)).toEqual(before);
  });
});
