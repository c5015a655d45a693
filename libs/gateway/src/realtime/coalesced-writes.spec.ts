import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';

import { coalesceWrites, tcpConnectionOf } from './coalesced-writes';

describe('coalesced writes', () => {
  let http: HttpServer;
  let server: Server;
  const clients: ClientSocket[] = [];

  beforeAll(async () => {
    http = createServer();
    server = new Server(http, { transports: ['websocket'] });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
  });

  /** A browser connected to the server, and its socket there (coalesced or not). */
  async function browser(coalesced: boolean): Promise<{ client: ClientSocket; socket: Socket }> {
    const connected = new Promise<Socket>((resolve) =>
      server.once('connection', (socket) => {
        if (coalesced) coalesceWrites(socket.conn);
        resolve(socket);
      }),
    );
    const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true });
    clients.push(client);
    return { client, socket: await connected };
  }

  /** The system-call level writes made to the browser for a burst of events emitted in one turn. */
  async function burst(coalesced: boolean, count: number): Promise<{ writes: number; received: number[] }> {
    const { client, socket } = await browser(coalesced);
    const connection = tcpConnectionOf(socket.conn)!;
    const single = jest.spyOn(connection as unknown as { _write: () => void }, '_write');
    const vector = jest.spyOn(connection as unknown as { _writev: () => void }, '_writev');
    const received: number[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('tick', (n: number) => {
        received.push(n);
        if (received.length === count) resolve();
      }),
    );
    for (let n = 0; n < count; n++) socket.emit('tick', n);
    await all;
    return { writes: single.mock.calls.length + vector.mock.calls.length, received };
  }

  it('a burst of events leaves in two writes (the first event at once, the rest together), in its order', async () => {
    const ticks = Array.from({ length: 20 }, (_, i) => i);
    expect(await burst(true, 20)).toEqual({ writes: 2, received: ticks });
    const plain = await burst(false, 20);
    expect(plain.received).toEqual(ticks);
    expect(plain.writes).toBe(20);
  });
});
