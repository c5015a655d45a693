/** The family of a file's bytes, told by its first bytes (what the upload claims is checked against it). */
export type SniffedFamily = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'ole' | 'ogg' | 'mp3' | 'iso-bmff' | 'wav' | 'ebml' | 'aac' | 'text' | 'unknown';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Buffer, text: string, offset = 0) => bytes.subarray(offset, offset + text.length).toString('latin1') === text;

export function sniff(bytes: Buffer): SniffedFamily {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 'GIF87a') || ascii(bytes, 'GIF89a')) return 'gif';
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'WEBP', 8)) return 'webp';
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'WAVE', 8)) return 'wav';
  if (ascii(bytes, '%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(bytes, 'OggS')) return 'ogg';
  if (ascii(bytes, 'ID3') || (bytes[0] === 0xff && (bytes[1] & 0xe6) === 0xe2)) return 'mp3';
  if (bytes[0] === 0xff && (bytes[1] & 0xf6) === 0xf0) return 'aac';
  if (ascii(bytes, 'ftyp', 4)) return 'iso-bmff';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (looksLikeText(bytes)) return 'text';
  return 'unknown';
}

function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  return !head.toString('utf8').includes('\uFFFD');
}

/** Which byte families each accepted content type may have. */
const FAMILIES: Record<string, SniffedFamily[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'video/mp4': ['iso-bmff'],
  'video/3gpp': ['iso-bmff'],
  'video/quicktime': ['iso-bmff'],
  'audio/ogg': ['ogg'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['iso-bmff'],
  'audio/aac': ['aac', 'iso-bmff'],
  'audio/wav': ['wav'],
  'audio/webm': ['ebml'],
  'application/pdf': ['pdf'],
  'application/zip': ['zip'],
  'application/msword': ['ole'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['zip'],
  'application/vnd.ms-excel': ['ole'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['zip'],
  'text/plain': ['text'],
  'text/csv': ['text'],
  'text/vcard': ['text'],
};

/** The content type without parameters, lower-cased (`audio/ogg; codecs=opus` → `audio/ogg`). */
export const baseType = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

/** True when the type is accepted and the bytes are of that type. */
export function contentMatches(contentType: string, bytes: Buffer): boolean {
  const families = FAMILIES[baseType(contentType)];
  return !!families && families.includes(sniff(bytes));
}
