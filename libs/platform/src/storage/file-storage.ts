import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const FILE_STORAGE = Symbol('FILE_STORAGE');

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
  /** The name the user gave or saw (any script, e.g. 'ação.png'); the key only holds an ASCII form. */
  fileName?: string;
}

export interface FileContent extends StoredFile {
  stream: Readable;
}

/** A file found by `list`: what `put` answered, and when it was written. */
export interface ListedFile extends StoredFile {
  storedAt: Date;
}

/**
 * Where uploaded and received files live. Keys are slash-separated paths chosen by the owning
 * service and always start with the owner (`companies/{id}/...`, `public/...`), so serving code can
 * check tenancy from the key. Local disk today; an S3-compatible store can implement the same.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string, options?: { fileName?: string }): Promise<StoredFile>;
  get(key: string): Promise<FileContent | null>;
  delete(key: string): Promise<void>;
  /** The files directly under a folder key (`companies/7/whatsapp/api-medias`), none when it does not exist. */
  list(folder: string): Promise<ListedFile[]>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could leave the storage root (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** A file name as the spec wants it stored: spaces become underscores, nothing path-like survives. */
export function storedFileName(original: string): string {
  const base = path.basename(original.replace(/\\/g, '/')).normalize('NFC');
  const cleaned = base
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .replace(/^[._-]+/, '');
  return cleaned.slice(-120) || 'file';
}

/**
 * The last part of a storage key for a file named `original`: a unique prefix, then the name in
 * ASCII (accents dropped, other scripts left out, spaces as underscores), so any name a user sends
 * ('ação.png', 'relatório ação.pdf', 'фото.png') makes a safe key. Keep the name itself
 * (`storedFileName`) beside the key for display.
 */
export function storageKeyName(original: string, unique: string = randomUUID()): string {
  const stored = storedFileName(original);
  const dot = stored.lastIndexOf('.');
  const toAscii = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z0-9._-]/g, '');
  const stem =
    toAscii(dot > 0 ? stored.slice(0, dot) : stored)
      .replace(/^[._-]+/, '')
      .slice(-80) || 'file';
  const extension =
    dot > 0
      ? toAscii(stored.slice(dot + 1))
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
          .toLowerCase()
      : '';
  return `${unique}-${stem}${extension ? `.${extension}` : ''}`;
}

/** Files on local disk under one root; a small JSON beside each file keeps its content type. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer, contentType: string, options: { fileName?: string } = {}): Promise<StoredFile> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType, fileName: options.fileName }));
    await rename(temporary, file);
    return { key, size: data.length, contentType, ...(options.fileName ? { fileName: options.fileName } : {}) };
  }

  async get(key: string): Promise<FileContent | null> {
    const file = this.pathOf(key);
    try {
      const [info, meta] = await Promise.all([stat(file), readFile(`${file}.meta.json`, 'utf8')]);
      const { contentType, fileName } = JSON.parse(meta) as { contentType: string; fileName?: string };
      return { key, size: info.size, contentType, ...(fileName ? { fileName } : {}), stream: createReadStream(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await Promise.all([rm(file, { force: true }), rm(`${file}.meta.json`, { force: true })]);
  }

  async list(folder: string): Promise<ListedFile[]> {
    let names: string[];
    try {
      names = await readdir(this.pathOf(folder));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const keys = names.filter((name) => !name.endsWith('.meta.json') && !name.endsWith('.tmp')).map((name) => `${folder}/${name}`);
    const files = await Promise.all(
      keys.map(async (key): Promise<ListedFile | null> => {
        const file = this.pathOf(key);
        try {
          const [info, meta] = await Promise.all([stat(file), readFile(`${file}.meta.json`, 'utf8')]);
          if (!info.isFile()) return null;
          const { contentType, fileName } = JSON.parse(meta) as { contentType: string; fileName?: string };
          return { key, size: info.size, contentType, ...(fileName ? { fileName } : {}), storedAt: info.mtime };
        } catch (error) {
          // A folder, or a file deleted or half-written meanwhile.
          if (['ENOENT', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
          throw error;
        }
      }),
    );
    return files.filter((file): file is ListedFile => file !== null);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}
