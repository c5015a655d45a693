/** Spec 1 section 5: audio recordings under 10000 bytes are discarded. */
export const MIN_AUDIO_BYTES = 10_000;

/** Spec 1 section 5: images are compressed to quality 0.7 before upload. */
export const IMAGE_QUALITY = 0.7;

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
