import { Socket as TcpSocket } from 'node:net';

/** The TCP connection under a socket's websocket transport (engine.io's transport, then ws's socket). */
export function tcpConnectionOf(engineSocket: unknown): TcpSocket | undefined {
  const transport = (engineSocket as { transport?: { name?: string; socket?: { _socket?: unknown } } }).transport;
  const connection = transport?.name === 'websocket' ? transport.socket?._socket : undefined;
  return connection instanceof TcpSocket ? connection : undefined;
}

/**
 * Makes the packets engine.io sends together leave in one write. While a frame is on its way,
 * engine.io queues the next packets and then sends the queue frame by frame, a system call each:
 * a burst of messages (two events each, to every agent of the company) cost a call per event.
 * Corked around the queue, they leave in one write; the first packet of a burst still leaves at once.
 */
export function coalesceWrites(engineSocket: unknown): void {
  const connection = tcpConnectionOf(engineSocket);
  const transport = (engineSocket as { transport?: { send?: (packets: unknown[]) => void } }).transport;
  if (!connection || typeof transport?.send !== 'function') return;
  const send = transport.send.bind(transport);
  transport.send = (packets: unknown[]) => {
    connection.cork();
    try {
      send(packets);
    } finally {
      connection.uncork();
    }
  };
}
