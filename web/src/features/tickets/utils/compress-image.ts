import { IMAGE_QUALITY, isCompressibleImage, mediaFileName } from './media-rules';

/**
 * Redraws a photo as JPEG at quality 0.7 before upload; anything else (or a browser without canvas)
 * keeps the original file. The name's spaces become underscores either way.
 */
export async function prepareAttachment(file: File): Promise<File> {
  const name = mediaFileName(file.name);
  if (!isCompressibleImage(file) || typeof createImageBitmap !== 'function' || typeof document === 'undefined') {
    return name === file.name ? file : new File([file], name, { type: file.type });
  }
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) return new File([file], name, { type: file.type });
    // JPEG has no transparency: a transparent PNG/WebP gets a white background, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close?.();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', IMAGE_QUALITY));
    if (!blob || blob.size >= file.size) return new File([file], name, { type: file.type });
    return new File([blob], name.replace(/\.(png|webp|jpe?g)$/i, '.jpg'), { type: 'image/jpeg' });
  } catch {
    return new File([file], name, { type: file.type });
  }
}
