import {
  connectionUpdated,
  contactListItemPageResponseSchema,
  contactListItemsChanged,
  contactListItemSchema,
  contactListPageResponseSchema,
  contactListSchema,
  contactListUploadResponseSchema,
  type EventEnvelope,
  NUMBER_CHECK_BATCH,
  numbersChecked,
  numbersCheckRequested,
  sessionUpdated,
  settingUpdated,
} from '@app/contracts';
import { readEvent, SHEET_LIMITS, writeSpreadsheet } from '@app/platform';
import { connectionFixture, deepRatioBomb, expectAnswer, expectErrorAnswer, longLineCsv, waitFor } from '@app/platform/testing';
import * as XLSX from '@e965/xlsx';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';
import { NumberChecks } from './number-checks';

const A = 1;
const B = 2;
const HEADER = ['Nome', 'Numero', 'Email', 'CNPJ', 'Logradouro', 'Bairro', 'Observacao'];

/** Contact lists and their items (spec 2): rules, texts, sheets and the throttled number checks. */
describe('contact lists over HTTP', () => {
  // The first upload starts the sheet reader's worker thread: seconds on a loaded machine.
  jest.setTimeout(60_000);
  let t: OutboundTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useCampaigns'] });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: ['useCampaigns'] });
  const supervisor = () => t.token({ userId: 3, companyId: A, profile: 'supervisor', plan: ['useCampaigns'] });
  const noPlan = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: [] });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: ['useCampaigns'] });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const createList = async (name: string, token = admin()) =>
    expectAnswer(contactListSchema, await api().post('/api/contact-lists').set(as(token)).send({ name }).expect(201));
  const upload = (listId: number, name: string, bytes: Buffer, token = admin()) =>
    api().post(`/api/contact-lists/${listId}/upload`).set(as(token)).attach('file', bytes, name);
  const items = async (listId: number, query: object = {}) =>
    expectAnswer(
      contactListItemPageResponseSchema,
      await api()
        .get('/api/contact-list-items')
        .query({ contactListId: listId, ...query })
        .set(as(admin()))
        .expect(200),
    );
  const checkCommands = () =>
    t.events.flatMap((envelope: EventEnvelope) => {
      const command = readEvent(numbersCheckRequested, envelope);
      return command ? [command] : [];
    });

  beforeAll(async () => {
    t = await startOutboundTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("a list's name is required, 2 to 50 ('Required', 'Too Short!', 'Too Long!'); the plan must allow campaigns", async () => {
    for (const [body, message] of [
      [{}, 'Required'],
      [{ name: '  ' }, 'Required'],
      [{ name: 'a' }, 'Too Short!'],
      [{ name: 'x'.repeat(51) }, 'Too Long!'],
    ] as const) {
      const refused = expectErrorAnswer(await api().post('/api/contact-lists').set(as(admin())).send(body).expect(400), 'ERR_VALIDATION');
      expect(refused.fields).toEqual([{ path: 'name', message }]);
    }
    expectErrorAnswer(await api().get('/api/contact-lists').set(as(noPlan())).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    expect(await createList('Clientes VIP')).toMatchObject({ name: 'Clientes VIP', contactsCount: 0, validCount: 0, pendingCount: 0 });
  });

  it('lists are searched by name and paged; renamed and deleted; another company sees none of them (404)', async () => {
    const list = await createList('Leads de março');
    await createList('Fornecedores', outsider());
    const page = expectAnswer(
      contactListPageResponseSchema,
      await api().get('/api/contact-lists').query({ searchParam: 'MARÇO' }).set(as(admin())).expect(200),
    );
    expect(page.records.map((l) => l.name)).toEqual(['Leads de março']);
    const renamed = await api().put(`/api/contact-lists/${list.id}`).set(as(admin())).send({ name: 'Leads de abril' }).expect(200);
    expect(expectAnswer(contactListSchema, renamed).name).toBe('Leads de abril');

    expectErrorAnswer(await api().get(`/api/contact-lists/${list.id}`).set(as(outsider())).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().put(`/api/contact-lists/${list.id}`).set(as(outsider())).send({ name: 'Minha' }).expect(404));
    expectErrorAnswer(await api().delete(`/api/contact-lists/${list.id}`).set(as(outsider())).expect(404));
    expectErrorAnswer(await upload(list.id, 'a.xlsx', writeSpreadsheet('s', [HEADER]), outsider()).expect(404));
    expectErrorAnswer(await api().get('/api/contact-list-items').query({ contactListId: list.id }).set(as(outsider())).expect(404));
    expectErrorAnswer(
      await api()
        .post('/api/contact-list-items')
        .set(as(outsider()))
        .send({ name: 'Intrusa', number: '5511999990009', contactListId: list.id })
        .expect(404),
    );
    const all = await api().get('/api/contact-lists/list').set(as(outsider())).expect(200);
    expect(all.body.map((l: { name: string }) => l.name)).toEqual(['Fornecedores']);

    await api().delete(`/api/contact-lists/${list.id}`).set(as(admin())).expect(200);
    expectErrorAnswer(await api().get(`/api/contact-lists/${list.id}`).set(as(admin())).expect(404));
  });

  it('an item needs a name of 2 to 50, a number of 8 to 50 and a valid email; the list holds a number once; only admins reach them', async () => {
    const list = await createList('Itens');
    const post = (body: object, token = admin()) =>
      api()
        .post('/api/contact-list-items')
        .set(as(token))
        .send({ contactListId: list.id, ...body });
    const fields = async (body: object) => expectErrorAnswer(await post(body).expect(400), 'ERR_VALIDATION').fields;
    expect(await fields({ number: '5511999990001' })).toEqual([{ path: 'name', message: 'Required' }]);
    expect(await fields({ name: 'A', number: '5511999990001' })).toEqual([{ path: 'name', message: 'Too Short!' }]);
    expect(await fields({ name: 'Ana', number: '1234' })).toEqual([{ path: 'number', message: 'Too Short!' }]);
    expect(await fields({ name: 'Ana', number: '5511999990001', email: 'nope' })).toEqual([{ path: 'email', message: 'Invalid email' }]);

    const created = expectAnswer(
      contactListItemSchema,
      await post({
        name: 'Ana Lima',
        number: '+55 (11) 99999-0001',
        email: 'ana@example.com',
        Cnpj: '12.345.678/0001-90',
        companyId: B,
      }).expect(201),
    );
    expect(created).toMatchObject({
      number: '5511999990001',
      Cnpj: '12.345.678/0001-90',
      Logradouro: '',
      isWhatsappValid: null,
      companyId: A,
    });
    expectErrorAnswer(await post({ name: 'Ana de novo', number: '5511999990001' }).expect(409), 'ERR_DUPLICATED_CONTACT');

    const edited = await api()
      .put(`/api/contact-list-items/${created.id}`)
      .set(as(admin()))
      .send({ name: 'Ana Lima', number: '5511999990001', Bairro: 'Centro' })
      .expect(200);
    expect(expectAnswer(contactListItemSchema, edited)).toMatchObject({ Bairro: 'Centro', Cnpj: '' });
    expectErrorAnswer(await api().get(`/api/contact-list-items/${created.id}`).set(as(outsider())).expect(404));
    expectErrorAnswer(
      await api()
        .put(`/api/contact-list-items/${created.id}`)
        .set(as(outsider()))
        .send({ name: 'X Y', number: '5511999990001' })
        .expect(404),
    );
    expectErrorAnswer(await api().delete(`/api/contact-list-items/${created.id}`).set(as(outsider())).expect(404));

    // The campaign screens are admins': a supervisor or a user reads and changes nothing of them.
    for (const token of [user(), supervisor()]) {
      expectErrorAnswer(await api().get(`/api/contact-list-items/${created.id}`).set(as(token)).expect(403), 'ERR_NO_PERMISSION');
      expectErrorAnswer(await api().delete(`/api/contact-list-items/${created.id}`).set(as(token)).expect(403), 'ERR_NO_PERMISSION');
      expectErrorAnswer(await api().get('/api/contact-lists').set(as(token)).expect(403), 'ERR_NO_PERMISSION');
    }
    await api().delete(`/api/contact-list-items/${created.id}`).set(as(admin())).expect(200);
    expect((await items(list.id)).count).toBe(0);
  });

  it('a sheet that is not a sheet, has no number column, more than 10,000 rows or unpacks past 50 MB imports nothing (400/413, no field path)', async () => {
    const list = await createList('Recusadas');
    const refused = async (name: string, bytes: Buffer, status: number, reason: string) => {
      const body = expectErrorAnswer(await upload(list.id, name, bytes).expect(status));
      expect(body).toMatchObject({ sheet: { reason } });
      expect(body.fields).toBeUndefined();
      return body;
    };
    expect((await refused('contatos.txt', Buffer.from('Nome,Numero\nAna,5511999990001\n'), 400, 'extension')).message).toBe(
      'Envie uma planilha .xlsx, .xls ou .csv',
    );
    expect((await refused('contatos.xlsx', Buffer.from('%PDF-1.4'), 400, 'notASheet')).message).toBe('O arquivo não é uma planilha válida');
    const noNumber = writeSpreadsheet('s', [
      ['Nome', 'Email'],
      ['Ana', 'ana@example.com'],
    ]);
    await refused('contatos.xlsx', noNumber, 400, 'noNumberColumn');
    // Longer than 10,000 rows: refused whole rather than cut.
    const long = writeSpreadsheet('s', [['Numero'], ...Array.from({ length: 10_001 }, (_, i) => [`5511${String(i).padStart(9, '0')}`])]);
    const tooLong = await refused('longa.xlsx', long, 413, 'tooManyRows');
    expect(tooLong).toMatchObject({ error: 'ERR_SHEET_TOO_LARGE', sheet: { limit: 10_000 } });
    expect(tooLong.message).toBe('A planilha tem mais de 10000 linhas: divida-a em planilhas menores');
    const bomb = await deepRatioBomb(SHEET_LIMITS.unpackedBytes + 1024);
    expect((await refused('bomba.xlsx', bomb, 413, 'unpackedTooLarge')).message).toBe('A planilha descompactada passa de 50 MB');
    await refused('linha.csv', longLineCsv(SHEET_LIMITS.lineBytes + 1), 413, 'lineTooLong');
    expect((await items(list.id)).count).toBe(0);
  });

  it('a CSV is imported as a sheet is: semicolons, Windows-1252, quoted line breaks, the Google Contacts and Chatwoot headers', async () => {
    const list = await createList('De CSV');
    const excel = Buffer.from('Nome;Numero;Logradouro;Observacao\nJoão Conceição;5511999990201;Rua A, 10;"linha 1\nlinha 2"\n', 'latin1');
    expect(expectAnswer(contactListUploadResponseSchema, await upload(list.id, 'excel.csv', excel).expect(200))).toEqual({
      created: 1,
      skipped: 0,
      invalid: [],
    });
    const google = Buffer.from(
      '\uFEFFFirst Name,Middle Name,Last Name,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value\n' +
        'Maria,,Souza,maria@example.com,Mobile,+55 11 99999-0202 ::: +55 11 3333-0000\n',
    );
    const chatwoot = Buffer.from('id,name,email,phone_number\n7,Pedro Chat,pedro@example.com,+5511999990203\n');
    await upload(list.id, 'google.csv', google).expect(200);
    await upload(list.id, 'chatwoot.csv', chatwoot).expect(200);
    const page = await items(list.id);
    expect(page.contacts.map((item) => [item.name, item.number, item.email, item.Logradouro, item.Observacao]).sort()).toEqual([
      ['João Conceição', '5511999990201', '', 'Rua A, 10', 'linha 1\nlinha 2'],
      ['Maria Souza', '5511999990202', 'maria@example.com', '', ''],
      ['Pedro Chat', '5511999990203', 'pedro@example.com', '', ''],
    ]);
  });

  it('a sheet imports its valid rows, skips numbers the list has and reports refused rows; the sample reads back', async () => {
    const sample = await api()
      .get('/api/contact-lists/sample')
      .set(as(admin()))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(sample.status).toBe(200);
    const sampleRows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(sample.body as Buffer).Sheets['Contatos']!, { header: 1 });
    expect(sampleRows[0]).toContain('Razao Social');

    const list = await createList('Importada');
    const sheet = writeSpreadsheet('Contatos', [
      HEADER,
      ['Bruno Dias', 5511999990101, 'bruno@example.com', '11.222.333/0001-44', 'Av. Paulista', 'Bela Vista', 'VIP'],
      ['', '5511999990102', '', '', '', '', ''],
      ['Carla', '5511999990101', '', '', '', '', ''],
      ['D', '5511999990103', 'x@', '', '', '', ''],
      ['Eva', '12', '', '', '', '', ''],
      ['', '', '', '', '', '', ''],
    ]);
    const report = expectAnswer(contactListUploadResponseSchema, await upload(list.id, 'lista de contatos.xlsx', sheet).expect(200));
    expect(report.created).toBe(2);
    expect(report.skipped).toBe(1);
    expect(report.invalid.map((row) => [row.row, row.fields])).toEqual([
      [
        5,
        [
          { field: 'name', problem: 'tooShort' },
          { field: 'email', problem: 'invalid' },
        ],
      ],
      [6, [{ field: 'number', problem: 'tooShort' }]],
    ]);
    const page = await items(list.id);
    expect(page.contacts.map((item) => [item.name, item.number, item.Logradouro, item.Observacao])).toEqual([
      ['5511999990102', '5511999990102', '', ''],
      ['Bruno Dias', '5511999990101', 'Av. Paulista', 'VIP'],
    ]);
    expect((await items(list.id, { searchParam: 'BRUNO' })).contacts).toHaveLength(1);
    const counted = expectAnswer(contactListSchema, await api().get(`/api/contact-lists/${list.id}`).set(as(admin())).expect(200));
    expect(counted).toMatchObject({ contactsCount: 2, pendingCount: 2, validCount: 0 });
    await t.published();
    expect(t.events.some((e) => readEvent(contactListItemsChanged, e)?.contactListId === list.id)).toBe(true);
  });

  it("the company setting campaignsEnabled turns the campaign routes off ('false') and on again", async () => {
    const set = (value: string) => t.publish(settingUpdated, A, `${A}:campaignsEnabled`, { companyId: A, key: 'campaignsEnabled', value });
    await set('false');
    await waitFor(async () => (await api().get('/api/contact-lists').set(as(admin()))).status === 403, { what: 'campaigns off' });
    expectErrorAnswer(await api().get('/api/campaign-settings').set(as(admin())).expect(403), 'ERR_NO_PERMISSION');
    // Another company's setting is its own.
    await api().get('/api/contact-lists').set(as(outsider())).expect(200);
    await set('true');
    await waitFor(async () => (await api().get('/api/contact-lists').set(as(admin()))).status === 200, { what: 'campaigns on' });
  });

  it('numbers are checked on WhatsApp in batches through the connected connection, and marked with what it answered', async () => {
    const list = await createList('Checada');
    const numbers = Array.from({ length: NUMBER_CHECK_BATCH + 5 }, (_, i) => `55119888${String(i).padStart(5, '0')}`);
    await upload(list.id, 'c.xlsx', writeSpreadsheet('s', [['Numero'], ...numbers.map((n) => [n])])).expect(200);
    // No connected connection yet: a batch runs and asks nothing (the batch itself is the marker: no sleep).
    await t.app.get(NumberChecks).nextBatch(A);
    await t.published();
    expect(checkCommands()).toHaveLength(0);

    await t.publish(connectionUpdated, A, 10, { connection: connectionFixture(A, 10, { isDefault: true }) });
    await waitFor(async () => checkCommands().length >= 1, { what: 'the first batch asked' });
    const first = checkCommands()[0]!;
    expect(first.connectionId).toBe(10);
    expect(first.numbers.length).toBeLessThanOrEqual(NUMBER_CHECK_BATCH);

    const answer = async (command: ReturnType<typeof checkCommands>[number]) =>
      t.publish(numbersChecked, A, 10, {
        requestId: command.requestId,
        connectionId: 10,
        reference: command.reference,
        error: null,
        results: command.numbers.map((number, index) => ({
          number,
          exists: index !== 0,
          jid: index !== 0 ? `${number}@s.whatsapp.net` : null,
        })),
      });
    await answer(first);
    await waitFor(async () => checkCommands().length >= 2, { what: 'the second batch asked', timeoutMs: 15_000 });
    await answer(checkCommands()[1]!);
    await waitFor(
      async () => expectAnswer(contactListSchema, await api().get(`/api/contact-lists/${list.id}`).set(as(admin()))).pendingCount === 0,
      { what: 'every number checked', timeoutMs: 15_000 },
    );
    // Every number was asked once, and the earlier list's numbers too.
    const asked = checkCommands().flatMap((command) => command.numbers);
    expect(new Set(asked).size).toBe(asked.length);
    // The first number of each batch was answered as not on WhatsApp.
    const refused = new Set(checkCommands().map((command) => command.numbers[0]));
    const checked = await items(list.id);
    expect(checked.contacts.filter((item) => item.isWhatsappValid === false).map((item) => item.number)).toEqual(
      numbers.filter((number) => refused.has(number)),
    );
    expect(checked.contacts.every((item) => item.isWhatsappValid !== null)).toBe(true);
  }, 40_000);

  it('a connection first heard of through its session (older than this service) checks numbers too', async () => {
    await t.publish(sessionUpdated, B, 30, {
      companyId: B,
      session: {
        id: 30,
        name: 'Antiga',
        status: 'CONNECTED',
        number: '5511900000000',
        qrcode: '',
        qrcodeImage: '',
        retries: 0,
        updatedAt: new Date().toISOString(),
      },
    });
    const list = await createList('Lista da outra', outsider());
    await api()
      .post('/api/contact-list-items')
      .set(as(outsider()))
      .send({ name: 'Cliente B', number: '5511977770001', contactListId: list.id })
      .expect(201);
    await waitFor(async () => checkCommands().some((command) => command.connectionId === 30 && command.numbers.includes('5511977770001')), {
      what: 'the number asked through the session-announced connection',
    });
  });

  it('a batch WhatsApp could not check is asked again', async () => {
    const list = await createList('Reenviada', outsider());
    await api()
      .post('/api/contact-list-items')
      .set(as(outsider()))
      .send({ name: 'Cliente C', number: '5511977770002', contactListId: list.id })
      .expect(201);
    const asked = () => checkCommands().filter((command) => command.numbers.includes('5511977770002'));
    await waitFor(async () => asked().length === 1, { what: 'the number asked' });
    const first = asked()[0]!;
    await t.publish(numbersChecked, B, 30, {
      requestId: first.requestId,
      connectionId: 30,
      reference: first.reference,
      error: 'ERR_WAPP_NOT_INITIALIZED',
      results: null,
    });
    await waitFor(async () => asked().length === 2, { what: 'the number asked again', timeoutMs: 15_000 });
    expect(asked()[1]!.requestId).not.toBe(first.requestId);
  });
});
