import { LOGO_DESTINATIONS, logoListResponseSchema, logoUploadResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { as, fieldMessages, logIn } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';
import { IMAGES } from '../testing/images';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe('logos and icons of the login and sign-up pages', () => {
  let t: IdentityTestApp;
  let root: string;
  let admin: string;

  const upload = (token: string, ref: string | undefined, file?: [Buffer, string]) => {
    const call = as(t, token)
      .post('/api/settings/media-upload')
      .query(ref ? { ref } : {});
    return file ? call.attach('file', file[0], file[1]) : call;
  };

  beforeAll(async () => {
    t = await startIdentityTestApp();
    await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    root = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    admin = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
  });
  afterAll(() => t?.close());

  it('before any upload every destination is on its default', async () => {
    const list = await request(t.http).get('/api/logos').expect(200);
    expectAnswer(logoListResponseSchema, list);
    expect(list.body).toEqual(Object.fromEntries(LOGO_DESTINATIONS.map((d) => [d, null])));
    await request(t.http).get('/api/logos/login').expect(404);
  });

  it('a super user uploads PNG, ICO and SVG files, served to anyone with their type', async () => {
    const png = await upload(root, 'login', [IMAGES.png, 'logo.png']).expect(201);
    expectAnswer(logoUploadResponseSchema, png);
    expect(png.body).toEqual({ mensagem: 'Arquivo Anexado', url: '/api/logos/login' });
    await upload(root, 'favicon', [IMAGES.ico, 'favicon.ico']).expect(201);
    await upload(root, 'signup', [IMAGES.svg, 'signup.svg']).expect(201);

    const served = await request(t.http).get('/api/logos/login').expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await request(t.http).get('/api/logos/favicon').expect(200)).headers['content-type']).toBe('image/x-icon');
    const svg = await request(t.http).get('/api/logos/signup').expect(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    const list = await request(t.http).get('/api/logos').expect(200);
    expectAnswer(logoListResponseSchema, list);
    expect(list.body).toMatchObject({
      login: '/api/logos/login',
      favicon: '/api/logos/favicon',
      signup: '/api/logos/signup',
      interno: null,
    });
  });

  it('other types, renamed files, no file or no destination are refused with the spec messages', async () => {
    for (const file of [
      [IMAGES.jpeg, 'photo.jpg'],
      [IMAGES.gif, 'anim.gif'],
      [IMAGES.text, 'fake.svg'],
      [IMAGES.jpeg, 'renamed.png'],
    ] as [Buffer, string][]) {
      const refused = await upload(root, 'interno', file).expect(400);
      expect(fieldMessages(refused)).toEqual({ file: 'Use somente arquivos em formato PNG, ICO ou SVG!' });
    }
    expect(fieldMessages(await upload(root, 'interno').expect(400))).toEqual({ file: 'Escolha um arquivo!' });
    expect(fieldMessages(await upload(root, undefined, [IMAGES.png, 'x.png']).expect(400))).toEqual({ ref: 'Escolha um destino!' });
    expect(fieldMessages(await upload(root, 'elsewhere', [IMAGES.png, 'x.png']).expect(400))).toEqual({ ref: 'Escolha um destino!' });
    await request(t.http).get('/api/logos/interno').expect(404);
    await request(t.http).get('/api/logos/..%2Fsecrets').expect(404);
  });

  it('only super users upload', async () => {
    const refused = await upload(admin, 'login', [IMAGES.png, 'mine.png']).expect(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
  });
});
