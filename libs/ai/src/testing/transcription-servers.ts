import type { ServerResponse } from 'node:http';

import { type SpeechRequest, SpeechServer } from './speech-server';

/** What the fake providers hear in an audio: the text after 'fala:' in its bytes (tests write such audio files). */
export function spokenIn(audio: Buffer): string {
  const at = audio.indexOf('fala:');
  return at === -1
    ? ''
    : audio
        .subarray(at + 'fala:'.length)
        .toString('utf8')
        .trim();
}

/** The parts of a multipart/form-data body (the fields as text, the file as bytes). */
export function multipartParts(request: SpeechRequest): Map<string, { data: Buffer; fileName?: string; contentType?: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers['content-type'] ?? ''));
  const parts = new Map<string, { data: Buffer; fileName?: string; contentType?: string }>();
  if (!boundary) return parts;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = request.body.indexOf(delimiter);
  while (start !== -1) {
    const next = request.body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = request.body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (name) {
      parts.set(name, {
        data: part.subarray(split + 4),
        fileName: /filename="([^"]*)"/.exec(head)?.[1],
        contentType: /content-type:\s*(\S+)/i.exec(head)?.[1],
      });
    }
    start = next;
  }
  return parts;
}

/** OpenAI's POST /v1/audio/transcriptions: multipart (file, model), bearer key, `{ text }`. */
export class FakeOpenAiTranscription extends SpeechServer {
  static async start(): Promise<FakeOpenAiTranscription> {
    const server = new FakeOpenAiTranscription();
    await server.listen();
    return server;
  }

  get baseUrl(): string {
    return `${this.origin}/v1`;
  }

  protected answer(request: SpeechRequest, response: ServerResponse): void {
    if (request.method !== 'POST' || request.path !== '/v1/audio/transcriptions')
      return this.json(response, 404, { error: { message: 'Not found' } });
    if (!String(request.headers.authorization ?? '').startsWith('Bearer '))
      return this.json(response, 401, { error: { message: 'No key' } });
    const parts = multipartParts(request);
    const file = parts.get('file');
    if (!file || parts.get('model')?.data.toString() !== 'whisper-1')
      return this.json(response, 400, { error: { message: 'file and model are required' } });
    this.json(response, 200, { text: spokenIn(file.data) });
  }
}

/** Deepgram's POST /v1/listen: the audio as the body, `Token` auth, results.channels[].alternatives[].transcript. */
export class FakeDeepgram extends SpeechServer {
  static async start(): Promise<FakeDeepgram> {
    const server = new FakeDeepgram();
    await server.listen();
    return server;
  }

  get baseUrl(): string {
    return `${this.origin}/v1`;
  }

  protected answer(request: SpeechRequest, response: ServerResponse): void {
    if (request.method !== 'POST' || !request.path.startsWith('/v1/listen')) return this.json(response, 404, { err_msg: 'Not found' });
    if (!String(request.headers.authorization ?? '').startsWith('Token '))
      return this.json(response, 401, { err_msg: 'Invalid credentials.' });
    if (request.body.length === 0) return this.json(response, 400, { err_msg: 'No audio' });
    this.json(response, 200, {
      metadata: { request_id: 'fake', channels: 1 },
      results: { channels: [{ alternatives: [{ transcript: spokenIn(request.body), confidence: 0.98 }] }] },
    });
  }
}

/**
 * AssemblyAI's v2: POST /v2/upload (the bytes, key in `authorization`) → upload_url; POST /v2/transcript
 * { audio_url } → { id, status: queued }; GET /v2/transcript/{id} → processing, then completed with text
 * (after `pollsUntilDone` polls).
 */
export class FakeAssemblyAi extends SpeechServer {
  pollsUntilDone = 2;
  private readonly uploads = new Map<string, Buffer>();
  private readonly transcripts = new Map<string, { audio: Buffer; polls: number }>();

  static async start(): Promise<FakeAssemblyAi> {
    const server = new FakeAssemblyAi();
    await server.listen();
    return server;
  }

  get baseUrl(): string {
    return `${this.origin}/v2`;
  }

  protected answer(request: SpeechRequest, response: ServerResponse): void {
    if (!request.headers.authorization) return this.json(response, 401, { error: 'Authentication error, API token missing/invalid' });
    if (request.method === 'POST' && request.path === '/v2/upload') {
      const id = `up${this.uploads.size + 1}`;
      this.uploads.set(id, request.body);
      return this.json(response, 200, { upload_url: `https://cdn.assemblyai.com/upload/${id}` });
    }
    if (request.method === 'POST' && request.path === '/v2/transcript') {
      const { audio_url } = JSON.parse(request.body.toString('utf8')) as { audio_url: string };
      const audio = this.uploads.get(audio_url.split('/').pop() ?? '');
      if (!audio) return this.json(response, 400, { error: 'Download error' });
      const id = `tr${this.transcripts.size + 1}`;
      this.transcripts.set(id, { audio, polls: 0 });
      return this.json(response, 200, { id, status: 'queued', text: null });
    }
    const polled = /^\/v2\/transcript\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && polled) {
      const transcript = this.transcripts.get(polled[1]!);
      if (!transcript) return this.json(response, 404, { error: 'Transcript not found' });
      transcript.polls += 1;
      if (transcript.polls < this.pollsUntilDone) return this.json(response, 200, { id: polled[1], status: 'processing', text: null });
      return this.json(response, 200, { id: polled[1], status: 'completed', text: spokenIn(transcript.audio) });
    }
    this.json(response, 404, { error: 'Not found' });
  }
}
