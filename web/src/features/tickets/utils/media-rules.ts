import { MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';

/** Spec 1 section 5: audio recordings under 10000 bytes are discarded. */
export const MIN_AUDIO_BYTES = 10_000;

/** Spec 1 section 5: images are compressed to quality 0.7 before upload. */
export const IMAGE_QUALITY = 0.7;

/** Spec 1 section 5: voice recordings go out as MP3 at 128 kbps. */
export const MP3_BITRATE_KBPS = 128;

/** The sample rates an MPEG-1/2/2.5 layer III stream can carry. */
export const MP3_SAMPLE_RATES: readonly number[] = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];

export function isRecordingLongEnough(size: number): boolean {
  return size >= MIN_AUDIO_BYTES;
}

/** Images the browser can redraw as JPEG (an animated GIF or an SVG is sent as it is). */
export function isCompressibleImage(file: Pick<File, 'type'>): boolean {
  return file.type === 'image/jpeg' || file.type === 'image/png' || file.type === 'image/webp';
}

/** Spaces in media file names become underscores (spec 1 section 5). */
export function mediaFileName(name: string): string {
  return name.replace(/\s+/g, '_');
}

/** The files the server would refuse as too large (over MEDIA_UPLOAD_MAX_BYTES each), caught before uploading them. */
export function oversizedFiles<T extends Pick<File, 'size'>>(files: readonly T[]): T[] {
  return files.filter((file) => file.size > MEDIA_UPLOAD_MAX_BYTES);
}
