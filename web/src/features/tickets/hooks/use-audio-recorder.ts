import { useRef, useState } from 'react';

export type AudioRecorder = {
  recording: boolean;
  start: () => Promise<void>;
  /** Stops and hands back the recording as made (webm/ogg/mp4; null when nothing was recorded). The input encodes it to MP3. */
  stop: () => Promise<File | null>;
  cancel: () => void;
};

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) => MediaRecorder.isTypeSupported(type));
}

/** Voice recording with the microphone (MediaRecorder); errors surface to the caller. */
export function useAudioRecorder(): AudioRecorder {
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);

  function release() {
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
    setRecording(false);
  }

  async function start() {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = pickMimeType();
    const created = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    created.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    created.start();
    recorder.current = created;
    setRecording(true);
  }

  function stop(): Promise<File | null> {
    const current = recorder.current;
    if (!current) return Promise.resolve(null);
    return new Promise((resolve) => {
      current.onstop = () => {
        const type = current.mimeType || 'audio/ogg';
        const blob = new Blob(chunks.current, { type });
        const extension = type.includes('webm') ? 'webm' : type.includes('mp4') ? 'm4a' : 'ogg';
        release();
        resolve(blob.size > 0 ? new File([blob], `audio_${Date.now()}.${extension}`, { type }) : null);
      };
      current.stop();
    });
  }

  function cancel() {
    if (recorder.current) {
      recorder.current.onstop = null;
      recorder.current.stop();
    }
    chunks.current = [];
    release();
  }

  return { recording, start, stop, cancel };
}
