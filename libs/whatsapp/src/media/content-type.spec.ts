import { contentMatches, sniff } from './content-type';
import { companyOfKey, keyOfMediaUrl, mediaKeys } from './media-store';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const PDF = Buffer.from('%PDF-1.7\n');
const OGG = Buffer.from('OggS\0\u0002');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]);

describe('upload content checks', () => {
  it('tells common media by their first bytes', () => {
    expect([PNG, JPEG, PDF, OGG, MP4].map(sniff)).toEqual(['png', 'jpeg', 'pdf', 'ogg', 'iso-bmff']);
    expect(sniff(Buffer.from('BEGIN:VCARD\nFN:Ana\nEND:VCARD'))).toBe('text');
  });

  it('accepts a file whose bytes are of the type it claims, refuses a disguised or unlisted one', () => {
    expect(contentMatches('image/png', PNG)).toBe(true);
    expect(contentMatches('audio/ogg; codecs=opus', OGG)).toBe(true);
    expect(contentMatches('image/png', JPEG)).toBe(false);
    expect(contentMatches('image/jpeg', Buffer.from('<?php system($_GET[1]); ?>'))).toBe(false);
    expect(contentMatches('text/html', Buffer.from('<script>'))).toBe(false);
  });

  it('a voice note encoded in the browser (MP3 frames without an ID3 tag, MPEG-1 layer III 128 kbps) is accepted as audio/mpeg', () => {
    const frameHeader = Buffer.from([0xff, 0xfb, 0x90, 0xc4, 0, 0, 0, 0]);
    expect(sniff(frameHeader)).toBe('mp3');
    expect(contentMatches('audio/mpeg', frameHeader)).toBe(true);
    expect(contentMatches('audio/mpeg', Buffer.concat([Buffer.from('ID3\u0004\0'), frameHeader]))).toBe(true);
    expect(contentMatches('audio/mpeg', OGG)).toBe(false);
  });
});

describe('media keys and URLs', () => {
  it('keys live under their company, with the stored name (spaces to underscores)', () => {
    const key = mediaKeys.received(7, 3, 'ABC', 'minha foto.jpg');
    expect(key).toBe('companies/7/whatsapp/3/ABC-minha_foto.jpg');
    expect(companyOfKey(key)).toBe(7);
    expect(keyOfMediaUrl(`/api/whatsapp-media/${key}`)).toBe(key);
    expect(keyOfMediaUrl('https://evil.example/api/other/x')).toBeNull();
  });
});
