/**
 * What a file is, told by its bytes: every place that stores a file (uploads, received WhatsApp
 * media, logos) checks or derives its content type here, and the serving code decides from it
 * whether a browser may show the file inline. Names and declared types are only claims.
 */

/** The family of a file's bytes. `svg`, `html`, `xml` and `javascript` are active: a browser runs them. */
export type SniffedFamily =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'ico'
  | 'pdf'
  | 'zip'
  | 'ole'
  | 'ogg'
  | 'mp3'
  | 'iso-bmff'
  | 'wav'
  | 'ebml'
  | 'aac'
  | 'svg'
  | 'html'
  | 'xml'
  | 'javascript'
  | 'text'
  | 'unknown';

export const ACTIVE_FAMILIES: readonly SniffedFamily[] = ['svg', 'html', 'xml', 'javascript'];

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Buffer, text: string, offset = 0) => bytes.subarray(offset, offset + text.length).toString('latin1') === text;

/** How many leading bytes the sniffing reads. */
export const SNIFF_BYTES = 4096;

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
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'ico';
  const text = textOf(bytes);
  if (text === null) return 'unknown';
  return activeMarkup(text) ?? 'text';
}

/** The head as text (UTF-8 or UTF-16 with a BOM), or null when it is binary. */
function textOf(bytes: Buffer): string | null {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (startsWith(head, [0xff, 0xfe])) return head.subarray(2).toString('utf16le');
  if (startsWith(head, [0xfe, 0xff])) return Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  if (head.includes(0)) return null;
  const text = head.toString('utf8');
  // A multi-byte character cut by the head's end is not binary.
  if (text.slice(0, -3).includes('\uFFFD')) return null;
  return text;
}

/** Tags that make a browser treat text as HTML (the WHATWG sniffing list and more). */
const HTML_START =
  /^<(!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|img|object|embed|meta|link|form|frameset|base|math|template|!--)[\s>/]/i;
/** Anywhere in the head, these make the text active whatever comes first. */
const ACTIVE_ANYWHERE = /<(script|iframe|object|embed|html|body|svg|meta\s+http-equiv)[\s>/]|\bjavascript:|<!doctype\s+html/i;
const JAVASCRIPT_START =
  /^(['"]use strict['"]|(async\s+)?function[\s*(]|\(\s*(async\s+)?function|!function|(var|let|const)\s+([\w$]+|\{[^}]*\}|\[[^\]]*\])\s*=|import\s+(\{|\*|[\w$]+\s+from\s)|import\s*\(|export\s+(default|const|function|class|\{)|(window|document|self|globalThis|top|parent)\.[\w$]+\s*[.(=[]|(alert|fetch|eval)\s*\()/;

function activeMarkup(raw: string): SniffedFamily | null {
  const text = raw.replace(/^\uFEFF/, '').trimStart();
  const withoutProlog = text.replace(/^<\?xml[^>]*>\s*/i, '').replace(/^(<!--[\s\S]*?-->\s*)+/, '');
  if (/^(<!doctype\s+svg[^>]*>\s*)?<svg[\s>:]/i.test(withoutProlog)) return 'svg';
  if (HTML_START.test(text) || HTML_START.test(withoutProlog)) return 'html';
  if (/<svg[\s>:]/i.test(text)) return 'svg';
  if (ACTIVE_ANYWHERE.test(text)) return 'html';
  if (/^<\?xml/i.test(text) || /^<[A-Za-z_][\w.:-]*[\s>/]/.test(withoutProlog)) return 'xml';
  if (JAVASCRIPT_START.test(text)) return 'javascript';
  return null;
}

/** Which byte families each accepted content type may have. */
const FAMILIES: Record<string, SniffedFamily[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/x-icon': ['ico'],
  'image/vnd.microsoft.icon': ['ico'],
  'video/mp4': ['iso-bmff'],
  'video/3gpp': ['iso-bmff'],
  'video/quicktime': ['iso-bmff'],
  'video/webm': ['ebml'],
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
  'image/svg+xml': ['svg'],
};

/** The type each family is stored as when the declared one does not fit the bytes. */
const TYPE_OF_FAMILY: Record<SniffedFamily, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  zip: 'application/zip',
  ole: 'application/octet-stream',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  'iso-bmff': 'video/mp4',
  wav: 'audio/wav',
  ebml: 'video/webm',
  aac: 'audio/aac',
  svg: 'image/svg+xml',
  html: 'text/html',
  xml: 'application/xml',
  javascript: 'text/javascript',
  text: 'text/plain',
  unknown: 'application/octet-stream',
};

/** The content type without parameters, lower-cased (`audio/ogg; codecs=opus` → `audio/ogg`). */
export const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** True when the type is a known one and the bytes are of that type. */
export function contentMatches(contentType: string, bytes: Buffer): boolean {
  const families = FAMILIES[baseType(contentType)];
  return !!families && families.includes(sniff(bytes));
}

export const isActiveFamily = (family: SniffedFamily) => ACTIVE_FAMILIES.includes(family);

/**
 * The type to store a file under whose sender we cannot refuse (a customer's WhatsApp media): the
 * declared type when the bytes confirm it and it is inert, else the type the bytes are. An "image"
 * holding SVG or HTML is stored as what it is, so it is only ever served as an attachment.
 */
export function typeOfReceived(declared: string, bytes: Buffer): string {
  const family = sniff(bytes);
  if (isActiveFamily(family)) return TYPE_OF_FAMILY[family];
  if (contentMatches(declared, bytes)) return declared.trim();
  return TYPE_OF_FAMILY[family];
}

/** Types a browser shows inline without running anything in our origin. */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'video/mp4',
  'video/3gpp',
  'video/quicktime',
  'video/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/wav',
  'audio/webm',
  'application/pdf',
]);

/** Whether the type is one a browser shows inline without running anything (images, audio, video, PDF). */
export const isInlineType = (contentType: string) => INLINE_TYPES.has(baseType(contentType));

/**
 * Whether a stored file may be served inline: its type is an inert media type and its first bytes
 * confirm it (a file stored before types were checked, or by a buggy writer, still goes out as an
 * attachment when its bytes say otherwise).
 */
export function servesInline(contentType: string, head: Buffer): boolean {
  return isInlineType(contentType) && contentMatches(contentType, head);
}
