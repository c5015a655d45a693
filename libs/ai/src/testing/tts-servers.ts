import type { ServerResponse } from 'node:http';

import { oggOpusBytes, type SpeechRequest, SpeechServer } from './speech-server';

/** ElevenLabs' POST /v1/text-to-speech/{voice_id}?output_format=...: `xi-api-key`, JSON { text, model_id }, the audio bytes. */
export class FakeElevenLabs extends SpeechServer {
  static async start(): Promise<FakeElevenLabs> {
    const server = new FakeElevenLabs();
    await server.listen();
    return server;
  }

  get baseUrl(): string {
    return this.origin;
  }

  protected answer(request: SpeechRequest, response: ServerResponse): void {
    const match = /^\/v1\/text-to-speech\/([^/?]+)\?output_format=([a-z0-9_]+)$/.exec(request.path);
    if (request.method !== 'POST' || !match) return this.json(response, 404, { detail: { status: 'not_found' } });
    if (!request.headers['xi-api-key']) return this.json(response, 401, { detail: { status: 'invalid_api_key' } });
    const { text } = JSON.parse(request.body.toString('utf8')) as { text?: string };
    if (!text) return this.json(response, 422, { detail: [{ msg: 'text is required' }] });
    const opus = match[2]!.startsWith('opus_');
    response
      .writeHead(200, { 'content-type': opus ? 'audio/ogg' : 'audio/mpeg' })
      .end(opus ? oggOpusBytes(`${match[1]}:${text}`) : Buffer.from('ID3'));
  }
}

/**
 * Azure Speech's POST /cognitiveservices/v1 at {region}.tts.speech.microsoft.com: SSML, the key in
 * Ocp-Apim-Subscription-Key, the format in X-Microsoft-OutputFormat. One server stands for every region
 * (the test's base URL keeps `{region}` in its path: http://127.0.0.1:port/{region}).
 */
export class FakeAzureSpeech extends SpeechServer {
  static async start(): Promise<FakeAzureSpeech> {
    const server = new FakeAzureSpeech();
    await server.listen();
    return server;
  }

  /** For AiOptions.azureSpeechBaseUrl. */
  get baseUrl(): string {
    return `${this.origin}/{region}`;
  }

  protected answer(request: SpeechRequest, response: ServerResponse): void {
    if (request.method !== 'POST' || !/^\/[a-z0-9]+\/cognitiveservices\/v1$/.test(request.path)) return this.json(response, 404, {});
    if (!request.headers['ocp-apim-subscription-key']) return this.json(response, 401, {});
    const ssml = request.body.toString('utf8');
    const voice = /<voice name="([^"]+)">/.exec(ssml)?.[1];
    if (String(request.headers['content-type']) !== 'application/ssml+xml' || !voice) return this.json(response, 400, {});
    if (request.headers['x-microsoft-outputformat'] !== 'ogg-24khz-16bit-mono-opus') return this.json(response, 400, {});
    response.writeHead(200, { 'content-type': 'audio/ogg' }).end(oggOpusBytes(`${voice}:${ssml}`));
  }
}
