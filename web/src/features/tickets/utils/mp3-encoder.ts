import { Mp3Encoder } from '@breezystack/lamejs';

import { MP3_BITRATE_KBPS, MP3_SAMPLE_RATES } from './media-rules';

/** lamejs takes PCM in blocks; a multiple of 576 (one granule) keeps its buffers small. */
const BLOCK_SAMPLES = 1152 * 10;

export type PcmAudio = {
  /** One Float32Array per channel, samples in [-1, 1] (what AudioBuffer.getChannelData gives). */
  channels: Float32Array[];
  sampleRate: number;
};

/** Averages the channels into one (a voice note is mono). */
export function downmixToMono(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((channel) => channel.length));
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i += 1) mono[i]! += channel[i]! / channels.length;
  }
  return mono;
}

/** Float samples in [-1, 1] to signed 16-bit, clipping what lies outside. */
export function floatTo16Bit(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/**
 * Encodes PCM audio as a mono MP3 at `kbps` (128 by default), at the audio's own sample rate.
 * Pure (no DOM): it runs in the encoder worker and in tests.
 */
export function encodeMp3({ channels, sampleRate }: PcmAudio, kbps = MP3_BITRATE_KBPS): Uint8Array {
  if (channels.length === 0) throw new Error('no audio channels to encode');
  if (!MP3_SAMPLE_RATES.includes(sampleRate)) throw new Error(`sample rate ${sampleRate} cannot be encoded as MP3`);
  const samples = floatTo16Bit(downmixToMono(channels));
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < samples.length; offset += BLOCK_SAMPLES) {
    const chunk = encoder.encodeBuffer(samples.subarray(offset, offset + BLOCK_SAMPLES));
    if (chunk.length > 0) parts.push(new Uint8Array(chunk));
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(new Uint8Array(tail));
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let position = 0;
  for (const part of parts) {
    out.set(part, position);
    position += part.length;
  }
  return out;
}
