import { subscriptionPixResponseSchema } from '@app/contracts';
import { expectAnswer, expectErrorAnswer, type ServiceTestApp } from '@app/platform/testing';
import request from 'supertest';

import { InvoiceRepository } from '../invoices/invoice.repository';
import { startBillingTestApp } from '../testing/billing-test-app';

const A = 1;
const B = 2;
const PIX_KEY = 'financeiro@zapdesk.com.br';

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as the BR Code manual asks of field 63; written here, not taken from the library. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV TLV fields (2-digit id, 2-digit length, value) of a text; throws when a length runs past the end. */
function emvFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || Number.isNaN(length) || at + 4 + length > text.length) throw new Error(`bad EMV field at ${at}`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** PAGAR: a real Pix BR Code for one of the company's open invoices, priced on the server. */
describe('checkout over HTTP', () => {
  let t: ServiceTestApp;
  let open: number;
  let paid: number;
  let theirs: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const payer = (overrides: object = {}) => ({
    firstName: 'Maria',
    lastName: 'Souza',
    address2: 'Rua das Flores, 10',
    city: 'Curitiba',
    state: 'PR',
    zipcode: '80000-000',
    country: 'BR',
    useAddressForPaymentDetails: false,
    nameOnCard: '',
    cardNumber: '',
    cvv: '',
    plan: { title: 'Ouro', price: 1 },
    price: 1,
    users: 5,
    connections: 2,
    ...overrides,
  });

  beforeAll(async () => {
    t = await startBillingTestApp({ staticPix: { key: PIX_KEY, merchantName: 'Zapdesk Tecnologia', merchantCity: 'Curitiba' } });
    const invoices = t.app.get(InvoiceRepository);
    const rows = await invoices.transaction((manager) =>
      invoices.issueAll(manager, [
        { companyId: A, detail: 'Ouro (Trimestral)', valueCents: 29970, dueDate: '2026-12-10', recurrence: 'TRIMESTRAL' },
        { companyId: A, detail: 'Ouro (Mensal)', valueCents: 9990, dueDate: '2026-09-10', recurrence: 'MENSAL' },
        { companyId: B, detail: 'Plano de B', valueCents: 5000, dueDate: '2026-12-10', recurrence: 'MENSAL' },
      ]),
    );
    [open, paid, theirs] = rows.map((row) => row.id) as [number, number, number];
    await t.dataSource.query(`UPDATE billing.invoices SET status = 'paid', paid_at = now() WHERE id = $1`, [paid]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("answers a BR Code whose EMV fields, lengths and CRC16 are right, for the invoice's amount whatever price the browser sent", async () => {
    const pix = expectAnswer(
      subscriptionPixResponseSchema,
      await request(t.http)
        .post('/api/subscription')
        .set(as(admin()))
        .send(payer({ invoiceId: open }))
        .expect(200),
    );
    expect(pix.valor.original).toBe('299.70');
    expect(pix.invoiceId).toBe(open);
    const code = pix.qrcode.qrcode;
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    const fields = emvFields(code);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('299.70');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('ZAPDESK TECNOLOGIA');
    expect(fields.get('60')).toBe('CURITIBA');
    const account = emvFields(fields.get('26')!);
    expect(account.get('00')!.toLowerCase()).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe(PIX_KEY);
    expect(emvFields(fields.get('62')!).get('05')).toBe(`FATURA${open}`);
    expect([...fields.keys()].at(-1)).toBe('63');
    expect(pix.qrcode.imagemQrcode.length).toBeGreaterThan(200);
  });

  it("checks step 1's fields with the spec's texts", async () => {
    const refused = expectErrorAnswer(
      await request(t.http).post('/api/subscription').set(as(admin())).send({ invoiceId: open, firstName: ' ', country: 'AR' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(refused.fields).toEqual([
      { path: 'firstName', message: 'O nome completo é obrigatório' },
      { path: 'address2', message: 'O Endereço é obrigatório' },
      { path: 'city', message: 'Cidade é obrigatória' },
      { path: 'zipcode', message: 'CEP é obrigatório' },
      { path: 'country', message: 'País é obrigatório' },
    ]);
  });

  it('a paid invoice is not charged again; a plain user may not pay', async () => {
    expectErrorAnswer(
      await request(t.http)
        .post('/api/subscription')
        .set(as(admin()))
        .send(payer({ invoiceId: paid }))
        .expect(400),
      'ERR_VALIDATION',
    );
    expectErrorAnswer(
      await request(t.http)
        .post('/api/subscription')
        .set(as(user()))
        .send(payer({ invoiceId: open }))
        .expect(403),
      'ERR_NO_PERMISSION',
    );
  });

  it("another company's invoice is not found, either way round", async () => {
    expectErrorAnswer(
      await request(t.http)
        .post('/api/subscription')
        .set(as(admin()))
        .send(payer({ invoiceId: theirs }))
        .expect(404),
      'ERR_NOT_FOUND',
    );
    expectErrorAnswer(
      await request(t.http)
        .post('/api/subscription')
        .set(as(outsider()))
        .send(payer({ invoiceId: open }))
        .expect(404),
      'ERR_NOT_FOUND',
    );
  });
});

describe('checkout without a Pix key', () => {
  let t: ServiceTestApp;

  afterAll(async () => {
    await t?.close();
  });

  it('answers that payments are unavailable', async () => {
    t = await startBillingTestApp();
    const invoices = t.app.get(InvoiceRepository);
    const [row] = await invoices.transaction((manager) =>
      invoices.issueAll(manager, [
        { companyId: A, detail: 'Ouro (Mensal)', valueCents: 9990, dueDate: '2026-12-10', recurrence: 'MENSAL' },
      ]),
    );
    const token = t.token({ userId: 1, companyId: A, profile: 'admin' });
    expectErrorAnswer(
      await request(t.http)
        .post('/api/subscription')
        .set({ Authorization: `Bearer ${token}` })
        .send({ invoiceId: row!.id, firstName: 'Maria', address2: 'Rua 1', city: 'Curitiba', zipcode: '80000-000', country: 'BR' })
        .expect(503),
      'ERR_SERVICE_UNAVAILABLE',
    );
  }, 60_000);
});
