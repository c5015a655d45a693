import { maskProxyUrl, maskSecret, SECRET_MASK, unmaskProxyUrl } from './whatsapp';

describe('connection secrets as admins see them', () => {
  it('a secret shows as the mask and its last 4 characters; a short one as the mask alone', () => {
    expect(maskSecret('sk-abcdefgh1234')).toBe(`${SECRET_MASK}1234`);
    expect(maskSecret('abcd')).toBe(SECRET_MASK);
    expect(maskSecret('')).toBe('');
  });

  it('a proxy URL keeps scheme, user, host and port; its password is the mask', () => {
    expect(maskProxyUrl('http://bob:s3cr3t@proxy.example.com:8080')).toBe(`http://bob:${SECRET_MASK}@proxy.example.com:8080`);
    expect(maskProxyUrl('socks5://proxy.example.com:1080')).toBe('socks5://proxy.example.com:1080');
    expect(maskProxyUrl('')).toBe('');
  });

  it('the masked password sent back is the stored one, for the same user only', () => {
    const stored = 'http://bob:s3cr3t@proxy.example.com:8080';
    expect(unmaskProxyUrl(maskProxyUrl(stored), stored)).toBe(stored);
    expect(unmaskProxyUrl(`http://bob:${SECRET_MASK}@other.example.com:9000`, stored)).toBe('http://bob:s3cr3t@other.example.com:9000');
    expect(unmaskProxyUrl(`http://eve:${SECRET_MASK}@proxy.example.com:8080`, stored)).toBe(
      `http://eve:${SECRET_MASK}@proxy.example.com:8080`,
    );
    expect(unmaskProxyUrl('http://bob:new@proxy.example.com:8080', stored)).toBe('http://bob:new@proxy.example.com:8080');
  });
});
