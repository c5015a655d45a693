import { describe, expect, it } from 'vitest';

import { isValidProxyUrl } from './proxy-url';

describe('proxy URL', () => {
  it('is optional', () => {
    expect(isValidProxyUrl('')).toBe(true);
    expect(isValidProxyUrl('   ')).toBe(true);
    expect(isValidProxyUrl(undefined)).toBe(true);
  });

  it('accepts socks4, socks5, http and https forms with host and optional port, with or without credentials', () => {
    for (const url of [
      'socks4://10.0.0.1:1080',
      'socks5://proxy.example.com:1080',
      'socks5://user:secret@proxy.example.com:1080',
      'http://proxy.local:3128',
      'https://user:p%40ss@proxy.example.com:443/',
      'http://user@proxy.example.com:8080',
      'socks5h://proxy.example.com:1080',
      'socks5://proxy.example.com',
    ]) {
      expect(isValidProxyUrl(url)).toBe(true);
    }
  });

  it('refuses other schemes, an impossible port, a path and garbage', () => {
    for (const url of [
      'ftp://proxy.example.com:21',
      'http://proxy.example.com:0',
      'http://proxy.example.com:70000',
      'proxy.example.com:1080',
      'http://:8080',
      'http://user:pass@:8080',
      'socks5://proxy example.com:1080',
      'http://proxy.example.com:8080/path',
    ]) {
      expect(isValidProxyUrl(url)).toBe(false);
    }
  });
});
