/// <reference lib="webworker" />
import { encodeMp3, type PcmAudio } from './mp3-encoder';

/** Encodes off the main thread: receives PCM, answers with the MP3 bytes (or the error's message). */
self.onmessage = (event: MessageEvent<PcmAudio>) => {
  try {
    const mp3 = encodeMp3(event.data);
    (self as unknown as DedicatedWorkerGlobalScope).postMessage({ mp3 }, [mp3.buffer]);
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
