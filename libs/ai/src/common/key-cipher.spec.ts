import { KeyCipher } from './key-cipher';

const secret = 'a'.repeat(40);

describe('provider keys at rest', () => {
  it('a key is stored unreadable and read back whole with the same secret', () => {
    const cipher = new KeyCipher({ keysSecret: secret });
    const stored = cipher.encrypt('sk-proj-abcdefghijklmnop1234');
    expect(stored).not.toContain('abcdefghijklmnop');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(new KeyCipher({ keysSecret: secret }).decrypt(stored)).toBe('sk-proj-abcdefghijklmnop1234');
  });

  it('the same key encrypted twice differs (a random IV each time)', () => {
    const cipher = new KeyCipher({ keysSecret: secret });
    expect(cipher.encrypt('sk-same')).not.toBe(cipher.encrypt('sk-same'));
  });

  it('another secret or a changed value is refused, not read as garbage', () => {
    const stored = new KeyCipher({ keysSecret: secret }).encrypt('sk-secret-value');
    expect(() => new KeyCipher({ keysSecret: 'b'.repeat(40) }).decrypt(stored)).toThrow();
    const [version, iv, tag, sealed] = stored.split('.');
    const flipped = `${version}.${iv}.${tag}.${sealed!.startsWith('A') ? 'B' : 'A'}${sealed!.slice(1)}`;
    expect(() => new KeyCipher({ keysSecret: secret }).decrypt(flipped)).toThrow();
  });

  it('a secret shorter than 32 characters is refused at start', () => {
    expect(() => new KeyCipher({ keysSecret: 'short' })).toThrow(/at least 32/);
  });

  it('an empty key stays empty', () => {
    const cipher = new KeyCipher({ keysSecret: secret });
    expect(cipher.encrypt('')).toBe('');
    expect(cipher.decrypt('')).toBe('');
  });
});
