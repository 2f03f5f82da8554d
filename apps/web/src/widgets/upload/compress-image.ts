/**
 * Image compression before upload (spec widgets §9: quality 0.6): JPEG and WebP are redrawn on a canvas and
 * re-encoded; the original is kept when that is not smaller, for other formats (GIF animation, PNG and BMP
 * transparency or losslessness), and where the browser cannot do it.
 */
import { UPLOAD_LIMITS } from '@houtai/shared/upload';

const LOSSY = /^image\/(jpeg|webp)$/;

export function canCompress(type: string): boolean {
  return LOSSY.test(type);
}

export async function compressImage(file: File, quality: number = UPLOAD_LIMITS.imageQuality): Promise<File> {
  if (!canCompress(file.type) || typeof createImageBitmap !== 'function' || typeof document === 'undefined') {
    return file;
  }
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type: file.type, lastModified: file.lastModified });
  } catch {
    return file;
  }
}
