import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';

import { assertSafeKey, LocalDiskStorage, storageKeyName, storedFileName } from './file-storage';

describe('file storage', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(os.tmpdir(), 'storage-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps a file with its content type and gives it back', async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put('companies/3/media/a.txt', Buffer.from('hello'), 'text/plain');
    const file = await storage.get('companies/3/media/a.txt');
    expect(file).toMatchObject({ size: 5, contentType: 'text/plain' });
    expect(await text(file!.stream)).toBe('hello');
    await storage.delete('companies/3/media/a.txt');
    expect(await storage.get('companies/3/media/a.txt')).toBeNull();
  });

  it('refuses keys that could leave its root', () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', 'a/./b', '']) {
      expect(() => assertSafeKey(key)).toThrow();
    }
    expect(() => assertSafeKey('companies/1/media/x_y-1.png')).not.toThrow();
  });

  it('stored names: spaces become underscores and nothing path-like survives', () => {
    expect(storedFileName('meu arquivo final.pdf')).toBe('meu_arquivo_final.pdf');
    expect(storedFileName('../../etc/passwd')).toBe('passwd');
    expect(storedFileName('C:\\Users\\x\\foto 1.jpg')).toBe('foto_1.jpg');
    expect(storedFileName('...')).toBe('file');
  });

  it('names in any script make safe keys, and the name itself is kept beside the file', async () => {
    const names = {
      'ação.png': 'u-acao.png',
      'relatório ação.pdf': 'u-relatorio_acao.pdf',
      'фото.png': 'u-file.png',
      'x.ФОТО': 'u-x',
      '../../a b.PNG': 'u-a_b.png',
    };
    for (const [name, key] of Object.entries(names)) {
      expect(storageKeyName(name, 'u')).toBe(key);
      expect(() => assertSafeKey(`companies/1/media/${storageKeyName(name)}`)).not.toThrow();
    }
    expect(storedFileName('relatório ação.pdf')).toBe('relatório_ação.pdf');
    const storage = new LocalDiskStorage(root);
    await storage.put(`companies/1/media/${storageKeyName('фото.png', 'u')}`, Buffer.from('x'), 'image/png', { fileName: 'фото.png' });
    const file = await storage.get('companies/1/media/u-file.png');
    expect(file).toMatchObject({ fileName: 'фото.png', contentType: 'image/png' });
    expect(await text(file!.stream)).toBe('x');
  });

  it('lists the files directly under a folder with their names, and none for a folder that does not exist', async () => {
    const storage = new LocalDiskStorage(root);
    expect(await storage.list('companies/1/media')).toEqual([]);
    await storage.put('companies/1/media/u-a.png', Buffer.from('png'), 'image/png', { fileName: 'a b.png' });
    await storage.put('companies/1/media/deeper/u-b.png', Buffer.from('b'), 'image/png');
    await storage.put('companies/2/media/u-c.png', Buffer.from('c'), 'image/png');
    const listed = await storage.list('companies/1/media');
    expect(listed.map(({ storedAt, ...file }) => ({ ...file, stored: Number.isFinite(storedAt.getTime()) }))).toEqual([
      { key: 'companies/1/media/u-a.png', size: 3, contentType: 'image/png', fileName: 'a b.png', stored: true },
    ]);
  });
});
