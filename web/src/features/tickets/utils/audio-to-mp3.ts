import { MP3_SAMPLE_RATES } from './media-rules';
import type { PcmAudio } from './mp3-encoder';

/** The rate used when the device's own cannot be carried by MP3 (e.g. a 96 kHz interface). */
const FALLBACK_SAMPLE_RATE = 48_000;

type WorkerAnswer = { mp3: Uint8Array } | { error: string };

/** Decodes a recording (webm/ogg/mp4, whatever MediaRecorder made) to PCM with Web Audio. */
async function decodeRecording(recording: Blob): Promise<PcmAudio> {
  const data = await recording.arrayBuffer();
  let context = new AudioContext();
  if (!MP3_SAMPLE_RATES.includes(context.sampleRate)) {
    await context.close();
    context = new AudioContext({ sampleRate: FALLBACK_SAMPLE_RATE });
  }
  try {
    const audio = await context.decodeAudioData(data);
    // Copies, so they can be handed to the worker without touching the AudioBuffer's own storage.
    const channels = Array.from({ length: audio.numberOfChannels }, (_, index) => audio.getChannelData(index).slice());
    return { channels, sampleRate: audio.sampleRate };
  } finally {
    void context.close();
  }
}

/**
 * Runs the encoder in a worker so a long note does not freeze the page; in-thread (loaded on demand,
 * so the encoder stays out of the main bundle) where workers are missing.
 */
async function encodeOffThread(pcm: PcmAudio): Promise<Uint8Array> {
  if (typeof Worker === 'undefined') return (await import('./mp3-encoder')).encodeMp3(pcm);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mp3-encoder.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate();
      if ('mp3' in event.data) resolve(event.data.mp3);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'mp3 encoder failed'));
    };
    worker.postMessage(
      pcm,
      pcm.channels.map((channel) => channel.buffer as ArrayBuffer),
    );
  });
}

/** The recording as an MP3 voice note (`audio/mpeg`, 128 kbps, `audio_<time>.mp3`). */
export async function recordingToMp3(recording: Blob, now = Date.now()): Promise<File> {
  const mp3 = await encodeOffThread(await decodeRecording(recording));
  return new File([mp3 as BlobPart], `audio_${now}.mp3`, { type: 'audio/mpeg' });
}
