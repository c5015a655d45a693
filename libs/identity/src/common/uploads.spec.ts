import { acceptedImageKind, detectImageKind } from './uploads';

const file = (name: string, buffer: Buffer) => ({ originalname: name, mimetype: 'application/octet-stream', size: buffer.length, buffer });
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1]);
const ico = Buffer.from([0, 0, 1, 0, 1, 0]);

describe('image uploads are judged by their bytes and their name', () => {
  it('detects PNG, JPEG, ICO and SVG (with an XML prolog, comments or a doctype)', () => {
    expect(detectImageKind(png)).toBe('png');
    expect(detectImageKind(jpeg)).toBe('jpeg');
    expect(detectImageKind(ico)).toBe('ico');
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(detectImageKind(Buffer.from('<?xml version="1.0"?><!-- c --><!DOCTYPE svg PUBLIC "x"><svg>'))).toBe('svg');
    expect(detectImageKind(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(detectImageKind(Buffer.from('GIF89a'))).toBeNull();
  });

  it('accepts only an allowed extension whose bytes are of that kind', () => {
    expect(acceptedImageKind(file('a.PNG', png), ['.png', '.ico', '.svg'])).toBe('png');
    expect(acceptedImageKind(file('a.jpeg', jpeg), ['.png', '.jpg', '.jpeg'])).toBe('jpeg');
    expect(acceptedImageKind(file('a.png', jpeg), ['.png', '.jpg', '.jpeg'])).toBeNull();
    expect(acceptedImageKind(file('a.gif', png), ['.png'])).toBeNull();
    expect(acceptedImageKind(file('noext', png), ['.png'])).toBeNull();
  });
});
