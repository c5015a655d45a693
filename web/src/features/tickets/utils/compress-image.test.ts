import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { prepareAttachment } from './compress-image';

describe('images are compressed to JPEG quality 0.7 before upload', () => {
  let toBlob: ReturnType<typeof vi.fn>;
  let drawn: string[];
  let compressedSize: number;

  beforeEach(() => {
    drawn = [];
    compressedSize = 100;
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 40, height: 30, close: vi.fn() })),
    );
    const context = {
      set fillStyle(value: string) {
        drawn.push(`fill ${value}`);
      },
      fillRect: vi.fn(() => drawn.push('fillRect')),
      drawImage: vi.fn(() => drawn.push('drawImage')),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    toBlob = vi.fn((callback: BlobCallback, type?: string) => callback(new Blob([new Uint8Array(compressedSize)], { type })));
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(toBlob as unknown as HTMLCanvasElement['toBlob']);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a PNG is redrawn on white and sent as a .jpg at quality 0.7', async () => {
    const png = new File([new Uint8Array(5000)], 'foto da loja.png', { type: 'image/png' });
    const prepared = await prepareAttachment(png);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.7);
    expect(drawn).toEqual(['fill #ffffff', 'fillRect', 'drawImage']);
    expect(prepared).toMatchObject({ name: 'foto_da_loja.jpg', type: 'image/jpeg', size: 100 });
  });

  it('when the JPEG would be larger, the original is sent (with the underscored name)', async () => {
    compressedSize = 9000;
    const prepared = await prepareAttachment(new File([new Uint8Array(5000)], 'a b.jpg', { type: 'image/jpeg' }));
    expect(prepared).toMatchObject({ name: 'a_b.jpg', type: 'image/jpeg', size: 5000 });
  });

  it('GIFs, audio and documents are not redrawn', async () => {
    for (const file of [
      new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }),
      new File([new Uint8Array(20_000)], 'audio_1.mp3', { type: 'audio/mpeg' }),
      new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' }),
    ]) {
      expect(await prepareAttachment(file)).toBe(file);
    }
    expect(toBlob).not.toHaveBeenCalled();
  });
});
