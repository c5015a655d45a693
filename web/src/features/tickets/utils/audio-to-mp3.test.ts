import { afterEach, describe, expect, it, vi } from 'vitest';

import { recordingToMp3 } from './audio-to-mp3';

/** A stand-in AudioContext decoding any recording to `seconds` of a 440 Hz tone on `channels` channels. */
function stubAudioContext(deviceRate: number, channels = 1, seconds = 1) {
  const created: number[] = [];
  class FakeAudioContext {
    readonly sampleRate: number;
    constructor(options?: { sampleRate?: number }) {
      this.sampleRate = options?.sampleRate ?? deviceRate;
      created.push(this.sampleRate);
    }
    async decodeAudioData(_data: ArrayBuffer) {
      const rate = this.sampleRate;
      const data = Array.from({ length: channels }, () => {
        const samples = new Float32Array(Math.round(rate * seconds));
        for (let i = 0; i < samples.length; i += 1) samples[i] = 0.4 * Math.sin((2 * Math.PI * 440 * i) / rate);
        return samples;
      });
      return { sampleRate: rate, numberOfChannels: channels, getChannelData: (index: number) => data[index]! };
    }
    async close() {}
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return created;
}

/** jsdom's Blob has no arrayBuffer(); browsers' has. */
function recording(type = 'audio/webm;codecs=opus'): Blob {
  return Object.assign(new Blob([new Uint8Array(12_000)], { type }), { arrayBuffer: async () => new ArrayBuffer(12_000) });
}

function bytesOf(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

describe('a recording becomes an MP3 voice note', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is decoded with Web Audio and encoded as audio/mpeg, 128 kbps, named .mp3, at the context rate', async () => {
    stubAudioContext(48000, 2);
    const file = await recordingToMp3(recording(), 1_700_000_000_000);

    expect(file.name).toBe('audio_1700000000000.mp3');
    expect(file.type).toBe('audio/mpeg');
    const bytes = await bytesOf(file);
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xfe).toBe(0xfa); // MPEG-1 layer III
    expect(bytes[2]! >> 4).toBe(0b1001); // 128 kbps
    expect((bytes[2]! >> 2) & 0b11).toBe(1); // 48000 Hz
    expect(bytes[3]! >> 6).toBe(0b11); // mono
  });

  it('a device rate MP3 cannot carry (96 kHz) is decoded at 48 kHz instead', async () => {
    const created = stubAudioContext(96000);
    const file = await recordingToMp3(recording(''));
    expect(created).toEqual([96000, 48000]);
    const bytes = await bytesOf(file);
    expect((bytes[2]! >> 2) & 0b11).toBe(1);
  });
});
