/**
 * The real type of an uploaded image, read from its first bytes (never from the file name or the
 * browser's Content-Type, which the sender controls). Undefined when it is none of the four.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

export function sniffImageType(buf: Buffer): ImageType | undefined {
  if (buf.length >= 3 && startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (buf.length >= 8 && startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (
    buf.length >= 6 &&
    (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'image/gif';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}
