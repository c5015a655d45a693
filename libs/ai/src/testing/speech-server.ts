import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a fake provider answers one request: as the real one would, slowly, with an error, or never. */
export type SpeechBehaviour =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'status'; status: 400 | 401 | 429 | 500 | 502 | 503; retryAfterSeconds?: number }
  | { kind: 'hang' };

/** A request as a fake provider received it. */
export interface SpeechRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type SpeechScript = (request: SpeechRequest, index: number) => SpeechBehaviour;

/**
 * The base of the local speech providers (transcription, TTS): records every request, and answers
 * each as the test's script says before the provider's own handler speaks its real protocol.
 */
export abstract class SpeechServer {
  readonly requests: SpeechRequest[] = [];
  private script: SpeechScript = () => ({ kind: 'ok' });
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();

  protected constructor() {
    this.server = createServer((request, response) => void this.serve(request, response));
  }

  protected async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answerWith(script: SpeechScript): void {
    this.script = script;
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The provider's own answer to a request the script let through. */
  protected abstract answer(request: SpeechRequest, response: ServerResponse): void | Promise<void>;

  protected json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const received: SpeechRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: Buffer.concat(chunks),
    };
    const index = this.requests.push(received) - 1;
    const behaviour = this.script(received, index);
    if (behaviour.kind === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (behaviour.kind === 'status') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (behaviour.retryAfterSeconds !== undefined) headers['retry-after'] = String(behaviour.retryAfterSeconds);
      response.writeHead(behaviour.status, headers).end(JSON.stringify({ error: { message: `fake ${behaviour.status}` } }));
      return;
    }
    if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    await this.answer(received, response);
  }
}

/** The first page of an Ogg stream as Opus files begin (the capture pattern and an OpusHead packet), and some audio after it. */
export function oggOpusBytes(label: string): Buffer {
  const head = Buffer.concat([Buffer.from('OpusHead'), Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]);
  const page = Buffer.alloc(27 + 1);
  page.write('OggS', 0, 'latin1');
  page[5] = 0x02; // beginning of stream
  page[26] = 1; // one segment
  page[27] = head.length;
  return Buffer.concat([page, head, Buffer.from(`audio:${label}`)]);
}
