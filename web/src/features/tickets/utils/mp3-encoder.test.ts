import { describe, expect, it } from 'vitest';

import { MP3_BITRATE_KBPS } from './media-rules';
import { downmixToMono, encodeMp3, floatTo16Bit } from './mp3-encoder';

/** MPEG-1 layer III bitrates (kbps) by the header's 4-bit index. */
const MPEG1_L3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_SAMPLE_RATES = [44100, 48000, 32000];

type FrameHeader = { version: number; layer: number; bitrateKbps: number; sampleRate: number; mono: boolean; length: number };

/** Reads the MPEG audio frame header at `offset` (null when there is no frame sync there). */
function readFrameHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0b11; // 3 = MPEG-1
  const layer = (b1 >> 1) & 0b11; // 1 = layer III
  const bitrateKbps = MPEG1_L3_BITRATES[(b2 >> 4) & 0x0f] ?? -1;
  const sampleRate = MPEG1_SAMPLE_RATES[(b2 >> 2) & 0b11] ?? -1;
  const padding = (b2 >> 1) & 1;
  const mono = ((b3 >> 6) & 0b11) === 0b11;
  const length = Math.floor((144 * bitrateKbps * 1000) / sampleRate) + padding;
  return { version, layer, bitrateKbps, sampleRate, mono, length };
}

function sine(seconds: number, sampleRate: number, frequency = 440): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i += 1) samples[i] = 0.5 * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return samples;
}

describe('voice notes are encoded as MP3 at 128 kbps', () => {
  it('a 1 s 440 Hz sine becomes a stream of MPEG-1 layer III 128 kbps mono frames at the given sample rate', () => {
    const mp3 = encodeMp3({ channels: [sine(1, 44100)], sampleRate: 44100 });

    const frames: FrameHeader[] = [];
    let offset = 0;
    while (offset + 4 <= mp3.length) {
      const header = readFrameHeader(mp3, offset);
      expect(header, `a frame header at byte ${offset}`).not.toBeNull();
      frames.push(header!);
      offset += header!.length;
    }
    expect(offset).toBe(mp3.length);
    // 44100 samples in frames of 1152, plus the encoder's delay and padding.
    expect(frames.length).toBeGreaterThanOrEqual(Math.ceil(44100 / 1152));
    for (const frame of frames) {
      expect(frame).toMatchObject({ version: 3, layer: 1, bitrateKbps: MP3_BITRATE_KBPS, sampleRate: 44100, mono: true });
    }
    // Constant bitrate: about 16 kB for one second (128 kbps / 8), well over the 10000-byte floor.
    expect(mp3.length).toBeGreaterThan(15_000);
    expect(mp3.length).toBeLessThan(20_000);
  });

  it('the upload check on the server recognises the output as MP3 (frame sync 0xFFE / MPEG-1 layer III)', () => {
    const mp3 = encodeMp3({ channels: [sine(0.5, 48000)], sampleRate: 48000 });
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xe6).toBe(0xe2);
    expect(readFrameHeader(mp3, 0)).toMatchObject({ bitrateKbps: 128, sampleRate: 48000 });
  });

  it('a stereo recording is mixed down to one channel', () => {
    const left = Float32Array.from([1, 0.5, -1]);
    const right = Float32Array.from([0, 0.5, 1]);
    expect(Array.from(downmixToMono([left, right]))).toEqual([0.5, 0.5, 0]);
    const mp3 = encodeMp3({ channels: [sine(0.2, 44100), sine(0.2, 44100, 880)], sampleRate: 44100 });
    expect(readFrameHeader(mp3, 0)).toMatchObject({ mono: true, bitrateKbps: 128 });
  });

  it('samples are clipped to 16 bits', () => {
    expect(Array.from(floatTo16Bit(Float32Array.from([-2, -1, 0, 1, 2])))).toEqual([-32768, -32768, 0, 32767, 32767]);
  });

  it('a sample rate MP3 cannot carry is refused rather than encoded wrongly', () => {
    expect(() => encodeMp3({ channels: [sine(0.1, 96000)], sampleRate: 96000 })).toThrow(/96000/);
    expect(() => encodeMp3({ channels: [], sampleRate: 44100 })).toThrow();
  });
});
