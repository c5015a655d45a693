import { MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import { buildUploadForm } from '../api/send-media';
import { isCompressibleImage, isRecordingLongEnough, mediaFileName, oversizedFiles } from './media-rules';

describe('attachments', () => {
  it('recordings under 10000 bytes are discarded', () => {
    expect(isRecordingLongEnough(9_999)).toBe(false);
    expect(isRecordingLongEnough(10_000)).toBe(true);
  });

  it('photos are compressed, GIFs and other files are not', () => {
    expect(isCompressibleImage({ type: 'image/png' })).toBe(true);
    expect(isCompressibleImage({ type: 'image/gif' })).toBe(false);
    expect(isCompressibleImage({ type: 'application/pdf' })).toBe(false);
  });

  it('files over the upload limit are caught before uploading', () => {
    const small = { name: 'a.pdf', size: MEDIA_UPLOAD_MAX_BYTES };
    const big = { name: 'b.mp4', size: MEDIA_UPLOAD_MAX_BYTES + 1 };
    expect(oversizedFiles([small, big])).toEqual([big]);
    expect(oversizedFiles([small])).toEqual([]);
  });

  it('file names get underscores for spaces', () => {
    expect(mediaFileName('nota fiscal junho.pdf')).toBe('nota_fiscal_junho.pdf');
  });

  it('the upload carries the file as `file`', () => {
    const form = buildUploadForm(new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect((form.get('file') as File).name).toBe('a.pdf');
  });
});
