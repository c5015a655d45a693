import type { TranscribeProvider } from '@app/contracts';
import { OutboundUrlGuard } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { guardedFetch } from '../common/guarded-fetch';
import { callWithRetries, multipartBody, ProviderCallError, type RetryPolicy } from './provider-http';

/** Where each transcription provider's API lives (tests point them at local servers). */
export const TRANSCRIPTION_BASE_URLS: Record<TranscribeProvider, string> = {
  openai: 'https://api.openai.com/v1',
  deepgram: 'https://api.deepgram.com/v1',
  assemblyai: 'https://api.assemblyai.com/v2',
};

/** An audio to transcribe: its bytes as stored, its type and name. */
export interface AudioFile {
  data: Buffer;
  contentType: string;
  fileName: string;
}

const openAiAnswer = z.object({ text: z.string() });
const deepgramAnswer = z.object({
  results: z.object({
    channels: z.array(z.object({ alternatives: z.array(z.object({ transcript: z.string() })) })),
  }),
});
const assemblyUpload = z.object({ upload_url: z.string().url() });
const assemblyTranscript = z.object({
  id: z.string(),
  status: z.enum(['queued', 'processing', 'completed', 'error']),
  text: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});

/**
 * Turns an audio into text with the connection's provider and key, each call through the outbound
 * URL guard with a timeout and retries with backoff on 429 and 5xx: OpenAI's
 * POST /v1/audio/transcriptions (multipart, whisper-1), Deepgram's POST /v1/listen (the bytes as the
 * body, `Token` auth), AssemblyAI's upload, transcript creation and polling until it is done.
 */
@Injectable()
export class TranscriptionClient {
  private readonly fetch: typeof fetch;

  constructor(
    guard: OutboundUrlGuard,
    @Inject(AI_OPTIONS) private readonly options: AiOptions,
  ) {
    this.fetch = guardedFetch(guard);
  }

  async transcribe(provider: TranscribeProvider, key: string, audio: AudioFile): Promise<string> {
    if (provider === 'openai') return this.openAi(key, audio);
    if (provider === 'deepgram') return this.deepgram(key, audio);
    return this.assemblyAi(key, audio);
  }

  private get policy(): RetryPolicy {
    return { timeoutMs: this.options.speechTimeoutMs ?? 60_000, retries: this.options.speechRetries ?? 2, backoffMs: 300 };
  }

  private base(provider: TranscribeProvider): string {
    return (this.options.transcriptionBaseUrls?.[provider] ?? TRANSCRIPTION_BASE_URLS[provider]).replace(/\/+$/, '');
  }

  private async openAi(key: string, audio: AudioFile): Promise<string> {
    const { body, contentType } = await multipartBody(
      { model: 'whisper-1', response_format: 'json' },
      { field: 'file', data: audio.data, fileName: audio.fileName, contentType: audio.contentType },
    );
    const answer = await callWithRetries(
      this.policy,
      (signal) =>
        this.fetch(`${this.base('openai')}/audio/transcriptions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
          body: new Uint8Array(body),
          signal,
        }),
      async (response) => openAiAnswer.parse(await response.json()),
    );
    return answer.text.trim();
  }

  private async deepgram(key: string, audio: AudioFile): Promise<string> {
    const answer = await callWithRetries(
      this.policy,
      (signal) =>
        this.fetch(`${this.base('deepgram')}/listen?model=nova-2&smart_format=true&detect_language=true`, {
          method: 'POST',
          headers: { authorization: `Token ${key}`, 'content-type': audio.contentType },
          body: new Uint8Array(audio.data),
          signal,
        }),
      async (response) => deepgramAnswer.parse(await response.json()),
    );
    return (answer.results.channels[0]?.alternatives[0]?.transcript ?? '').trim();
  }

  private async assemblyAi(key: string, audio: AudioFile): Promise<string> {
    const base = this.base('assemblyai');
    const upload = await callWithRetries(
      this.policy,
      (signal) =>
        this.fetch(`${base}/upload`, {
          method: 'POST',
          headers: { authorization: key, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(audio.data),
          signal,
        }),
      async (response) => assemblyUpload.parse(await response.json()),
    );
    let transcript = await callWithRetries(
      this.policy,
      (signal) =>
        this.fetch(`${base}/transcript`, {
          method: 'POST',
          headers: { authorization: key, 'content-type': 'application/json' },
          body: JSON.stringify({ audio_url: upload.upload_url, language_detection: true }),
          signal,
        }),
      async (response) => assemblyTranscript.parse(await response.json()),
    );
    const interval = this.options.assemblyPollIntervalMs ?? 3_000;
    const deadline = Date.now() + (this.options.assemblyPollTimeoutMs ?? 10 * 60_000);
    while (transcript.status === 'queued' || transcript.status === 'processing') {
      if (Date.now() > deadline) throw new ProviderCallError('the transcript was not ready in time', null);
      await new Promise((resolve) => setTimeout(resolve, interval));
      const id = encodeURIComponent(transcript.id);
      transcript = await callWithRetries(
        this.policy,
        (signal) => this.fetch(`${base}/transcript/${id}`, { headers: { authorization: key }, signal }),
        async (response) => assemblyTranscript.parse(await response.json()),
      );
    }
    if (transcript.status === 'error') throw new ProviderCallError(`the transcription failed: ${transcript.error ?? ''}`, null);
    return (transcript.text ?? '').trim();
  }
}
