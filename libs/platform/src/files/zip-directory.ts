import { inflateRawSync } from 'node:zlib';

/** One part of a zip as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** What the directory says the part unpacks to: checked again while inflating. */
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

/** The zip is not one we read (truncated, zip64, encrypted, an unknown compression). */
export class UnreadableZip extends Error {}

/** The part unpacks to more than its directory says (or than the budget left): a lying or oversized zip. */
export class ZipPartTooLarge extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/** The end-of-directory record: the last one in the file (its comment is at most 64 KB). */
function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new UnreadableZip('no end of central directory');
}

/** How many parts the zip says it has, without reading them (a refusal on the count costs nothing). */
export function zipEntryCount(zip: Buffer): number {
  return zip.readUInt16LE(endOfDirectory(zip) + 10);
}

/** The parts the central directory lists, read without unpacking anything. */
export function zipEntries(zip: Buffer): ZipEntry[] {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const entries: ZipEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new UnreadableZip('bad central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      uncompressedSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      encrypted: (zip.readUInt16LE(at + 8) & 0x1) !== 0,
    };
    if ([entry.compressedSize, entry.uncompressedSize, entry.localHeaderOffset].includes(ZIP64_MARK)) throw new UnreadableZip('zip64');
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * A part's bytes, unpacked, at most `budget` bytes and never more than its directory says: inflating
 * stops (zlib's maxOutputLength) as soon as it would go past, so a lying directory costs no more than
 * an honest one.
 */
export function unpackZipEntry(zip: Buffer, entry: ZipEntry, budget: number): Buffer {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new UnreadableZip(`method ${entry.method}`);
  const header = entry.localHeaderOffset;
  if (header + 30 > zip.length || zip.readUInt32LE(header) !== LOCAL_HEADER) throw new UnreadableZip('bad local header');
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  if (start + entry.compressedSize > zip.length) throw new UnreadableZip('truncated part');
  const packed = zip.subarray(start, start + entry.compressedSize);
  const allowed = Math.min(entry.uncompressedSize, budget);
  if (entry.method === 0) {
    if (packed.length > allowed) throw new ZipPartTooLarge(entry.name);
    return packed;
  }
  try {
    // maxOutputLength must be at least 1; an empty part inflating to a byte is caught just below.
    const unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(1, allowed) });
    if (unpacked.length > allowed) throw new ZipPartTooLarge(entry.name);
    return unpacked;
  } catch (error) {
    if (error instanceof ZipPartTooLarge || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ZipPartTooLarge(entry.name);
    }
    throw new UnreadableZip(`inflate: ${(error as Error).message}`);
  }
}
