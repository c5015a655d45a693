import {
  contactAllResponseSchema,
  contactDeleted,
  contactListResponseSchema,
  contactSaved,
  contactSchema,
  contactUploadResponseSchema,
} from '@app/contracts';
import { SHEET_LIMITS, SheetReaderPool } from '@app/platform';
import { deepRatioBomb, expectAnswer, waitFor } from '@app/platform/testing';
import * as XLSX from '@e965/xlsx';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

describe('contacts over HTTP', () => {
  let t: ConversationsTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const supervisor = () => t.token({ userId: 3, companyId: A, profile: 'supervisor' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);

  beforeAll(async () => {
    t = await startConversationsTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a user adds a contact (number kept as digits), finds it by search, and another company sees nothing of it', async () => {
    const created = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${user()}`)
      .send({ name: 'João Silva', number: '+55 (11) 98888-1234', email: 'joao@example.com', extraInfo: [{ name: 'CPF', value: '123' }] })
      .expect(201);
    expectAnswer(contactSchema, created);
    expect(created.body).toMatchObject({
      name: 'João Silva',
      number: '5511988881234',
      email: 'joao@example.com',
      extraInfo: [{ id: 1, name: 'CPF', value: '123' }],
    });
    await waitFor(() => t.events.some((e) => e.type === contactSaved.type && e.companyId === A));
    const found = await api().get('/api/contacts/').query({ searchParam: 'joão' }).set('Authorization', `Bearer ${user()}`).expect(200);
    expectAnswer(contactListResponseSchema, found);
    expect(found.body).toMatchObject({ hasMore: false, contacts: [{ id: created.body.id }] });
    expect(
      expectAnswer(contactAllResponseSchema, await api().get('/api/contacts/list').set('Authorization', `Bearer ${user()}`).expect(200)),
    ).toHaveLength(1);

    expect(
      expectAnswer(contactListResponseSchema, await api().get('/api/contacts/').set('Authorization', `Bearer ${outsider()}`).expect(200))
        .contacts,
    ).toEqual([]);
    expect(
      expectAnswer(
        contactAllResponseSchema,
        await api().get('/api/contacts/list').query({ companyId: A }).set('Authorization', `Bearer ${outsider()}`).expect(200),
      ),
    ).toEqual([]);
    await api().get(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
    await api().put(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).send({ name: 'Outro' }).expect(404);
    await api().delete(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${outsider()}`).expect(404);
  });

  it('the spec validation messages: name 2 to 50, number 8 to 50, valid e-mail', async () => {
    const bad = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${user()}`)
      .send({ name: 'J', number: '1234', email: 'nope' })
      .expect(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Short!' },
        { path: 'number', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ]),
    );
    const long = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${user()}`)
      .send({ name: 'x'.repeat(51), number: '5511988880000' })
      .expect(400);
    expect(long.body.fields).toEqual([{ path: 'name', message: 'Too Long!' }]);
  });

  it('a second contact with the same number answers ERR_DUPLICATED_CONTACT with the existing contact', async () => {
    const duplicate = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${user()}`)
      .send({ name: 'Outro João', number: '5511988881234' })
      .expect(409);
    expect(duplicate.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', alreadyExists: true, existingContact: { name: 'João Silva' } });
  });

  it("edits keep what was not sent; the last interaction is the last ticket's update", async () => {
    const s = new InboxScenario(t);
    await s.connection({ id: 10, companyId: A });
    await s.inbound(A, 10, anInboundText('5511988881234', 'oi'));
    const [{ id }] = expectAnswer(
      contactListResponseSchema,
      await api().get('/api/contacts/').set('Authorization', `Bearer ${user()}`),
    ).contacts;
    const edited = await api()
      .put(`/api/contacts/${id}`)
      .set('Authorization', `Bearer ${user()}`)
      .send({ email: 'novo@example.com' })
      .expect(200);
    expectAnswer(contactSchema, edited);
    expect(edited.body).toMatchObject({ name: 'João Silva', email: 'novo@example.com' });
    expect(edited.body.lastInteractionAt).toEqual(expect.any(String));
  });

  describe('import from a sheet (POST /contacts/upload, multipart file)', () => {
    // The first upload starts the sheet reader's worker thread: seconds on a loaded machine.
    jest.setTimeout(60_000);
    const sheet = (rows: unknown[][], bookType: 'xlsx' | 'biff8' | 'csv') => {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
      return Buffer.from(XLSX.write(book, { type: 'buffer', bookType }));
    };
    const upload = (token: string, bytes: Buffer, filename: string) =>
      api().post('/api/contacts/upload').set('Authorization', `Bearer ${token}`).attach('file', bytes, filename);

    it('an .xlsx creates its valid rows (headers without case or accents, other columns as extra info) and reports each bad row', async () => {
      const bytes = sheet(
        [
          ['NOME', 'Número', 'E-mail', 'Empresa'],
          ['Carla Planilha', '+55 (11) 97777-0001', 'carla@example.com', 'Acme'],
          ['', 5511977770002, '', ''],
          ['Sem número', '', '', ''],
          ['Email ruim', '5511977770003', 'nope', ''],
          ['João Silva de novo', '5511988881234', '', ''],
          [],
          ['Repetida', '5511977770001', '', ''],
          ['Letras', '55119abc7777', '', ''],
        ],
        'xlsx',
      );
      const answer = await upload(user(), bytes, 'contatos.xlsx').expect(200);
      expectAnswer(contactUploadResponseSchema, answer);
      expect(answer.body).toEqual({
        created: 2,
        skipped: 2,
        invalid: [
          { row: 4, reason: expect.stringContaining('number'), fields: [{ field: 'number', problem: 'required' }], rowLimit: false },
          { row: 5, reason: 'email: Invalid email', fields: [{ field: 'email', problem: 'invalid' }], rowLimit: false },
          // Too short and not digits: one problem per field.
          { row: 9, reason: expect.stringContaining('number'), fields: [{ field: 'number', problem: 'invalid' }], rowLimit: false },
        ],
      });
      const carla = expectAnswer(
        contactListResponseSchema,
        await api().get('/api/contacts/').query({ searchParam: '5511977770001' }).set('Authorization', `Bearer ${user()}`),
      ).contacts;
      expect(carla).toMatchObject([
        { name: 'Carla Planilha', email: 'carla@example.com', extraInfo: [{ id: 1, name: 'Empresa', value: 'Acme' }] },
      ]);
      const unnamed = expectAnswer(
        contactListResponseSchema,
        await api().get('/api/contacts/').query({ searchParam: '5511977770002' }).set('Authorization', `Bearer ${user()}`),
      ).contacts;
      expect(unnamed).toMatchObject([{ name: '5511977770002' }]);
      await waitFor(() =>
        t.events.some((e) => e.type === contactSaved.type && (e.payload as { contact: { id: number } }).contact.id === carla[0].id),
      );
      // The existing contact kept its own name.
      const existing = expectAnswer(
        contactListResponseSchema,
        await api().get('/api/contacts/').query({ searchParam: '5511988881234' }).set('Authorization', `Bearer ${user()}`),
      ).contacts;
      expect(existing).toMatchObject([{ name: 'João Silva' }]);
    });

    it('an .xls (BIFF8) and a .csv are read the same way; a second upload skips what exists', async () => {
      const rows = [
        ['name', 'number', 'email'],
        ['Xis Legado', '5511966660001', ''],
      ];
      expect(expectAnswer(contactUploadResponseSchema, await upload(user(), sheet(rows, 'biff8'), 'legado.xls').expect(200))).toEqual({
        created: 1,
        skipped: 0,
        invalid: [],
      });
      expect(expectAnswer(contactUploadResponseSchema, await upload(user(), sheet(rows, 'biff8'), 'legado.xls').expect(200))).toEqual({
        created: 0,
        skipped: 1,
        invalid: [],
      });
      const csv = Buffer.from('Nome;Telefone\nCsv Pessoa;5511955550001\n', 'utf8');
      expect(expectAnswer(contactUploadResponseSchema, await upload(user(), csv, 'lista.csv').expect(200))).toEqual({
        created: 1,
        skipped: 0,
        invalid: [],
      });
    });

    it('other files are refused with a clear 400: a .txt, a .pdf, a PDF renamed .xlsx, no number column, no file', async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
      for (const [bytes, name] of [
        [Buffer.from('nome,numero\nA,5511944440001\n'), 'lista.txt'],
        [pdf, 'lista.pdf'],
        [pdf, 'disfarçado.xlsx'],
        [
          sheet(
            [
              ['nome', 'cidade'],
              ['Ana', 'SP'],
            ],
            'xlsx',
          ),
          'sem-numero.xlsx',
        ],
      ] as const) {
        const refused = await upload(user(), bytes, name).expect(400);
        // What is wrong is said in `sheet` (the web words it), never as a field path: the file is the whole request.
        expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION', sheet: { reason: expect.any(String) } });
        expect(refused.body.fields).toBeUndefined();
      }
      const missing = await api().post('/api/contacts/upload').set('Authorization', `Bearer ${user()}`).expect(400);
      expect(missing.body.error).toBe('ERR_VALIDATION');
      const tooBig = await upload(user(), Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'grande.xlsx').expect(413);
      expect(tooBig.body.error).toBe('ERR_VALIDATION');
    });

    it('a CSV from Google Contacts, Chatwoot or Excel (semicolons, Windows-1252) is read by its own header names', async () => {
      const google = Buffer.from(
        '\uFEFFFirst Name,Middle Name,Last Name,Notes,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value\n' +
          'Gina,,Google,"nota 1\nnota 2",* Home,gina@example.com,Mobile,+55 11 93333-0001 ::: +55 11 3333-0002\n',
      );
      const chatwoot = Buffer.from('id,name,email,phone_number,identifier\n9,Chat Woot,chat@example.com,+5511933330003,abc\n');
      const excel = Buffer.from('Nome;Número;Cidade\nJoão Conceição;5511933330004;São Paulo\n', 'latin1');
      for (const [bytes, name] of [
        [google, 'google.csv'],
        [chatwoot, 'chatwoot.csv'],
        [excel, 'excel.csv'],
      ] as const) {
        expect(expectAnswer(contactUploadResponseSchema, await upload(user(), bytes, name).expect(200))).toEqual({
          created: 1,
          skipped: 0,
          invalid: [],
        });
      }
      const found = async (number: string) =>
        expectAnswer(
          contactListResponseSchema,
          await api().get('/api/contacts/').query({ searchParam: number }).set('Authorization', `Bearer ${user()}`),
        ).contacts[0];
      expect(await found('5511933330001')).toMatchObject({
        name: 'Gina Google',
        email: 'gina@example.com',
        extraInfo: expect.arrayContaining([expect.objectContaining({ name: 'Notes', value: 'nota 1\nnota 2' })]),
      });
      expect(await found('5511933330003')).toMatchObject({ name: 'Chat Woot', email: 'chat@example.com' });
      expect(await found('5511933330004')).toMatchObject({
        name: 'João Conceição',
        extraInfo: [expect.objectContaining({ name: 'Cidade', value: 'São Paulo' })],
      });
    });

    it('a sheet that unpacks past 50 MB is refused 413 naming the limit, and nothing is imported', async () => {
      const bomb = await deepRatioBomb(SHEET_LIMITS.unpackedBytes + 1024);
      const refused = await upload(user(), bomb, 'bomba.xlsx').expect(413);
      expect(refused.body).toEqual({
        error: 'ERR_SHEET_TOO_LARGE',
        message: 'A planilha descompactada passa de 50 MB',
        sheet: { reason: 'unpackedTooLarge', limit: SHEET_LIMITS.unpackedBytes },
      });
    });

    it('other requests are answered while a 100,000-row sheet is being read', async () => {
      let reading!: () => void;
      const readingStarted = new Promise<void>((resolve) => (reading = resolve));
      const read = SheetReaderPool.prototype.read;
      const spy = jest.spyOn(SheetReaderPool.prototype, 'read').mockImplementation(function (this: SheetReaderPool, ...args) {
        const table = read.apply(this, args);
        reading();
        return table;
      });
      try {
        // One number on every row: 1 contact created, the rest skipped, so the answer waits on the reading alone.
        const csv = Buffer.from(['Nome,Numero', ...Array.from({ length: 100_000 }, (_, i) => `Mesmo ${i},5511922220001`)].join('\n'));
        const order: string[] = [];
        const importing = upload(user(), csv, 'grande.csv').then((answer) => (order.push('import answered'), answer));
        await readingStarted;
        await api().get('/api/contacts/').set('Authorization', `Bearer ${user()}`).expect(200);
        order.push('list answered');
        const imported = await importing;
        expect(imported.status).toBe(200);
        expect(imported.body).toMatchObject({ created: 1, skipped: 99_999, invalid: [] });
        expect(order).toEqual(['list answered', 'import answered']);
      } finally {
        spy.mockRestore();
      }
    }, 120_000);

    it("another company's upload creates its own contacts only", async () => {
      const bytes = sheet(
        [
          ['nome', 'numero'],
          ['Carla na B', '5511977770001'],
        ],
        'xlsx',
      );
      expect(expectAnswer(contactUploadResponseSchema, await upload(outsider(), bytes, 'b.xlsx').expect(200))).toEqual({
        created: 1,
        skipped: 0,
        invalid: [],
      });
      const inA = expectAnswer(
        contactListResponseSchema,
        await api().get('/api/contacts/').query({ searchParam: '5511977770001' }).set('Authorization', `Bearer ${user()}`),
      ).contacts;
      expect(inA).toMatchObject([{ name: 'Carla Planilha' }]);
      const inB = expectAnswer(
        contactListResponseSchema,
        await api().get('/api/contacts/').query({ searchParam: '5511977770001' }).set('Authorization', `Bearer ${outsider()}`),
      ).contacts;
      expect(inB).toMatchObject([{ name: 'Carla na B' }]);
    });
  });

  it('deleting is for admins and supervisors', async () => {
    const created = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${user()}`)
      .send({ name: 'Para apagar', number: '5511977770000' })
      .expect(201);
    expectAnswer(contactSchema, created);
    await api().delete(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${user()}`).expect(403);
    await api().delete(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${supervisor()}`).expect(200);
    await api().get(`/api/contacts/${created.body.id}`).set('Authorization', `Bearer ${admin()}`).expect(404);
    await waitFor(() =>
      t.events.some((e) => e.type === contactDeleted.type && (e.payload as { contactId: number }).contactId === created.body.id),
    );
  });
});
