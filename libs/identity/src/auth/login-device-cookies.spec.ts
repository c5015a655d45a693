import { randomBytes } from 'node:crypto';

import type { PlatformOptions } from '@app/platform';

import { LoginDeviceCookies } from './login-device-cookies';

const cookies = (secret = randomBytes(32).toString('hex')) =>
  new LoginDeviceCookies({ jwt: { secret, accessTtlSeconds: 900 } } as PlatformOptions);

describe('device cookies: proof that a browser logged in to an account before (OWASP)', () => {
  const devices = cookies();

  it('a cookie issued for an e-mail names its device for that e-mail, whatever its case and spaces', () => {
    const cookie = devices.issue('Owner@Acme.test');
    const device = devices.deviceOf(cookie, ' owner@acme.test ');
    expect(device).toBe(cookie.split('.')[0]);
    expect(devices.deviceOf(devices.issue('owner@acme.test'), 'owner@acme.test')).not.toBe(device);
  });

  it("another account's cookie, a changed nonce or signature, another server's key and garbage name no device", () => {
    const cookie = devices.issue('owner@acme.test');
    const [nonce, signature] = cookie.split('.') as [string, string];
    // The first character: the last one of base64url carries unused bits, and A and B there can decode alike.
    const flip = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;
    for (const presented of [
      devices.issue('other@acme.test'),
      `${flip(nonce)}.${signature}`,
      `${nonce}.${flip(signature)}`,
      `${nonce}.${signature.slice(0, 20)}`,
      cookies().issue('owner@acme.test'),
      `${cookie}.x`,
      '',
      'garbage',
      undefined,
      ['array'],
    ]) {
      expect(devices.deviceOf(presented, 'owner@acme.test')).toBeNull();
    }
  });
});
