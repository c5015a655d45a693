import { OutboundUrlGuard } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { guardedFetch } from '../common/guarded-fetch';
import { callWithRetries, ProviderCallError, type RetryPolicy } from './provider-http';

export const ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';
/** `{region}` is the prompt's voiceRegion (e.g. brazilsouth). */
export const AZURE_SPEECH_BASE_URL = 'https://{region}.tts.speech.microsoft.com';

/** What WhatsApp plays as a voice note: Opus in an Ogg container. */
export const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';
/** ElevenLabs' Ogg/Opus output; Azure's is ogg-24khz-16bit-mono-opus. */
export const ELEVENLABS_OUTPUT_FORMAT = 'opus_48000_64';
export const AZURE_OUTPUT_FORMAT = 'ogg-24khz-16bit-mono-opus';
/** The most audio a spoken answer may be (a few minutes of Opus). */
const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
/** The most text spoken (ElevenLabs takes up to 10,000 characters a request; Azure's SSML is bounded too). */
const MAX_SPOKEN_CHARACTERS = 5_000;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Azure's regions are names such as brazilsouth or eastus2: nothing that could change the host. */
const REGION = /^[a-z0-9]{2,40}$/;

/**
 * Speaks an assistant's answer: ElevenLabs for agents (POST /v1/text-to-speech/{voice_id}, xi-api-key)
 * and Azure Speech for prompts (POST {region}.tts.speech.microsoft.com/cognitiveservices/v1 with SSML,
 * Ocp-Apim-Subscription-Key), both asked for Ogg/Opus, what WhatsApp plays as a voice note. Every call
 * goes through the outbound URL guard, with a timeout and retries with backoff on 429 and 5xx; an answer
 * that is not Ogg, or too large, is refused.
 */
@Injectable()
export class SpeechSynthesisClient {
  private readonly fetch: typeof fetch;

  constructor(
    guard: OutboundUrlGuard,
    @Inject(AI_OPTIONS) private readonly options: AiOptions,
  ) {
    this.fetch = guardedFetch(guard);
  }

  private get policy(): RetryPolicy {
    return { timeoutMs: this.options.speechTimeoutMs ?? 60_000, retries: this.options.speechRetries ?? 2, backoffMs: 300 };
  }

  async elevenLabs(apiKey: string, voiceId: string, text: string): Promise<Buffer> {
    const base = (this.options.elevenLabsBaseUrl ?? ELEVENLABS_BASE_URL).replace(/\/+$/, '');
    const url = `${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=${ELEVENLABS_OUTPUT_FORMAT}`;
    const body = JSON.stringify({ text: text.slice(0, MAX_SPOKEN_CHARACTERS), model_id: 'eleven_multilingual_v2' });
    return callWithRetries(
      this.policy,
      (signal) =>
        this.fetch(url, {
          method: 'POST',
          headers: { 'xi-api-key': apiKey, 'content-type': 'application/json', accept: 'audio/ogg' },
          body,
          signal,
        }),
      readOgg,
    );
  }

  async azure(key: string, region: string, voice: string, text: string): Promise<Buffer> {
    if (!REGION.test(region)) throw new ProviderCallError(`not an Azure region: ${JSON.stringify(region)}`, null);
    const base = (this.options.azureSpeechBaseUrl ?? AZURE_SPEECH_BASE_URL).replace('{region}', region).replace(/\/+$/, '');
    const ssml =
      `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pt-BR">` +
      `<voice name="${escapeXml(voice)}">${escapeXml(text.slice(0, MAX_SPOKEN_CHARACTERS))}</voice></speak>`;
    return callWithRetries(
      this.policy,
      (signal) =>
        this.fetch(`${base}/cognitiveservices/v1`, {
          method: 'POST',
          headers: {
            'Ocp-Apim-Subscription-Key': key,
            'content-type': 'application/ssml+xml',
            'X-Microsoft-OutputFormat': AZURE_OUTPUT_FORMAT,
            'user-agent': 'zapdesk',
          },
          body: ssml,
          signal,
        }),
      readOgg,
    );
  }
}

/** The answer's bytes, bounded, when they are an Ogg stream. */
async function readOgg(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_AUDIO_BYTES) throw new ProviderCallError('the spoken answer is too large', null);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > MAX_AUDIO_BYTES) {
      await reader.cancel();
      throw new ProviderCallError('the spoken answer is too large', null);
    }
    chunks.push(Buffer.from(read.value));
  }
  const audio = Buffer.concat(chunks);
  if (audio.subarray(0, 4).toString('latin1') !== 'OggS')
    throw new ProviderCallError('the provider did not answer Ogg audio', response.status);
  return audio;
}
