import { connectionSchema, loginResponseSchema } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';

import { type StandaloneTestApp, startStandaloneTestApp } from './testing/standalone-test-app';

jest.setTimeout(90_000);

const ADMIN = { email: 'root@redelivery.test', password: 'Root-password-1' };

/**
 * Issue 28's F3 on the standalone runtime showed a customer's message twice on the inbox socket after
 * its PostgreSQL came back: the outbox relay had published the message's events, and the statement
 * deleting them (the mark that they were handled) never committed, so the relay published them again.
 * Here every outbox row the message wrote is put back once it was delivered, with its event id, as
 * that uncommitted deletion leaves them: the relay publishes them again, and the socket shows the
 * message once.
 */
describe('events published again by the outbox (a deletion that did not commit)', () => {
  let product: StandaloneTestApp;
  let db: Client;
  let socket: Socket | undefined;

  beforeAll(async () => {
    product = await startStandaloneTestApp('redelivered_events', ADMIN);
    db = new Client({ connectionString: product.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    socket?.close();
    await db?.end();
    await product?.close();
  });

  const outboxSchemas = async () =>
    (
      await db.query<{ schema: string }>(
        `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY table_schema`,
      )
    ).rows.map((row) => row.schema);

  it("a customer's message delivered again reaches the inbox socket once", async () => {
    const api = () => product.api();
    const session = expectAnswer(loginResponseSchema, await api().post('/api/auth/login').send(ADMIN).expect(200));
    const auth = { Authorization: `Bearer ${session.token}` };
    const { companyId } = session.user;

    // Every row the services' outboxes take from here on is copied aside, as it was written.
    const schemas = await outboxSchemas();
    expect(schemas).toEqual(expect.arrayContaining(['conversations', 'whatsapp']));
    await db.query(`CREATE TABLE public.outbox_copies (schema text, event_id uuid, topic text, key text, type text, envelope json)`);
    await db.query(`CREATE FUNCTION public.copy_outbox_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO public.outbox_copies VALUES (TG_TABLE_SCHEMA, NEW.event_id, NEW.topic, NEW.key, NEW.type, NEW.envelope);
        RETURN NEW;
      END $$`);
    for (const schema of schemas) {
      await db.query(
        `CREATE TRIGGER copy_outbox_row AFTER INSERT ON "${schema}".outbox FOR EACH ROW EXECUTE FUNCTION public.copy_outbox_row()`,
      );
    }

    const shown = new Map<string, number>(); // message id -> times the socket showed its creation
    socket = io(product.url, { transports: ['websocket'], query: { token: session.token }, reconnection: false });
    socket.on(`company-${companyId}-appMessage`, (payload: { action: string; message?: { id: string; body: string } }) => {
      if (payload.action === 'create' && payload.message?.body === 'Chegou uma vez?') {
        shown.set(payload.message.id, (shown.get(payload.message.id) ?? 0) + 1);
      }
    });
    await waitFor(() => socket!.connected, { what: 'the socket' });

    const connection = expectAnswer(
      connectionSchema,
      await api().post('/api/whatsapp').set(auth).send({ name: 'Redelivery', provider: 'simulator' }).expect(201),
    );
    await waitFor(async () => (await api().get(`/api/whatsapp/${connection.id}`).set(auth)).body.status === 'qrcode', {
      what: 'the QR',
      timeoutMs: 30_000,
    });
    await api().post(`/api/simulator/connections/${connection.id}/scan`).set(auth).send({}).expect(200);
    await waitFor(async () => (await api().get(`/api/whatsapp/${connection.id}`).set(auth)).body.status === 'CONNECTED', {
      what: 'CONNECTED',
      timeoutMs: 30_000,
    });
    await db.query(`DELETE FROM public.outbox_copies`);

    await api()
      .post(`/api/simulator/connections/${connection.id}/inbound`)
      .set(auth)
      .send({ from: '5511977776666', pushName: 'Cliente', body: 'Chegou uma vez?' })
      .expect(200);
    await waitFor(() => shown.size === 1, { what: 'the message on the socket', timeoutMs: 20_000 });
    const messageId = [...shown.keys()][0]!;
    // Everything the message wrote has been published (and its deletion done or due).
    await waitFor(
      async () =>
        (
          await Promise.all(
            schemas.map(async (schema) => Number((await db.query(`SELECT count(*) AS n FROM "${schema}".outbox`)).rows[0].n)),
          )
        ).every((n) => n === 0),
      { what: 'the outboxes emptied', timeoutMs: 20_000 },
    );
    const copies = Number((await db.query(`SELECT count(*) AS n FROM public.outbox_copies`)).rows[0].n);
    expect(copies).toBeGreaterThan(0);
    for (const schema of schemas) {
      await db.query(`DROP TRIGGER copy_outbox_row ON "${schema}".outbox`);
    }

    // The rows back, same event ids, in their order: what a deletion that never committed leaves.
    for (const schema of schemas) {
      await db.query(
        `WITH added AS (
           INSERT INTO "${schema}".outbox (event_id, topic, key, type, envelope)
           SELECT event_id, topic, key, type, envelope FROM public.outbox_copies WHERE schema = $1 ORDER BY ctid RETURNING 1
         ) SELECT pg_notify($2, '') FROM (SELECT 1 FROM added LIMIT 1) AS one`,
        [schema, `outbox_${schema}`],
      );
    }
    // Published again: the relay deletes a row only after the transport delivered it to every group, the gateway's included.
    await waitFor(
      async () =>
        (
          await Promise.all(
            schemas.map(async (schema) => Number((await db.query(`SELECT count(*) AS n FROM "${schema}".outbox`)).rows[0].n)),
          )
        ).every((n) => n === 0),
      { what: 'the rows published again', timeoutMs: 20_000 },
    );

    expect(Object.fromEntries(shown)).toEqual({ [messageId]: 1 });
  });
});
