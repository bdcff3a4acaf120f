import type { Metadata, Sharp } from 'sharp';
import type { Locale } from '../../shared/locales';
import { AppError } from '../lib/app-error';
import { qrCodeRefused } from '../lib/public-texts';
import { loadOnce } from '../lib/load-once';
import { sniffImageType, type ImageType } from './image-type';

/** The largest box (CSS pixels × device pixel ratio, with room to crop) a stored image is scaled into. */
export interface ImageBox {
  width: number;
  height: number;
}

/** Avatars are shown at most about 200 px wide; 1024 × 1024 covers that on 3× screens with room to crop. */
export const AVATAR_BOX: ImageBox = { width: 1024, height: 1024 };
/**
 * Profile backgrounds fill a banner up to about 1200 px wide: 2400 px wide covers 2×; the height cap stops tall strips.
 */
export const BACKGROUND_BOX: ImageBox = { width: 2400, height: 2400 };

/**
 * Images with more pixels than this are refused before decoding. A 5 MB file can claim a canvas of
 * gigapixels (a "decompression bomb"); 40 megapixels decodes in well under a second and still takes
 * every ordinary phone or camera photo that fits in 5 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** WebP quality for stored images: visually lossless for photos at these sizes, a fraction of the upload. */
export const WEBP_QUALITY = 82;

/** What every stored image is written as, whatever was uploaded. */
export const STORED_IMAGE_TYPE = 'image/webp' satisfies ImageType;

/** The name sharp gives each accepted input format, so a file whose first bytes lie is refused. */
const SHARP_FORMAT: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const loadSharp = loadOnce(async () => (await import('sharp')).default);
const loadJsQr = loadOnce(async () => (await import('jsqr')).default);

/**
 * The side a picture is scanned for a QR code at: a code a viewer could scan from the shown picture still has
 * modules of 3 px or more here. Grain is smoothed first (a 3 × 3 median): on pixel noise jsQR tries
 * finder patterns everywhere and took seconds; after the median, a few hundred milliseconds at most.
 */
const QR_SCAN_SIDE = 800;

/** Whether a picture holds a QR code anyone could scan (jsQR on the pixels sharp decoded, decision 205). */
async function holdsQrCode(image: Sharp): Promise<boolean> {
  const jsQR = await loadJsQr();
  const { data, info } = await image
    .resize({ width: QR_SCAN_SIDE, height: QR_SCAN_SIDE, fit: 'inside', withoutEnlargement: true })
    .median(3)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height) !== null;
}

const invalidImage = () => new AppError('invalid_file_type', 'Please select a valid image (JPEG, PNG, GIF, WEBP)');

/**
 * Decodes an uploaded image and writes it again as a fresh WebP, so nothing of the uploaded file but
 * its pixels is ever published:
 * - bytes hidden after or inside the image (PNG + HTML, GIF + JavaScript polyglots) are dropped;
 * - all metadata is dropped: EXIF (GPS position, camera, time), XMP, IPTC, ICC (converted to sRGB),
 *   so a guide's photo never reveals where it was taken, e.g. at home;
 * - the picture is first turned upright by its EXIF orientation (the tag itself is dropped with the rest);
 * - it is scaled down (never up) to fit `box`, keeping its proportions.
 *
 * Animated GIF or WebP: only the first frame is kept. Avatars and backgrounds are still pictures in
 * the design; decoding and re-encoding every frame would multiply the CPU and memory one 5 MB upload
 * can cost by its frame count (thousands are possible), and motion next to every message and review
 * a guide writes would distract (WCAG 2.2.2).
 *
 * Only the four types the first bytes name are handed to the decoder (never SVG, TIFF, HEIF, PDF…),
 * and the decoder must agree with them. Anything it cannot read is 400 invalid_file_type; more than
 * MAX_INPUT_PIXELS is 400 validation_failed. With `refuseQrCode` (a picture others see: the uploader's
 * language), a QR code in it is 400 qr_code_not_allowed (decision 205).
 */
export async function reencodeImage(data: Buffer, box: ImageBox, refuseQrCode?: Locale): Promise<Buffer> {
  const type = sniffImageType(data);
  if (!type) throw invalidImage();
  const sharp = await loadSharp();

  // The header alone: cheap even for a bomb, and tells the real format and the claimed size.
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage();
  }
  if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height) throw invalidImage();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError(
      'validation_failed',
      `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
      [{ path: 'body.file', message: `At most ${MAX_INPUT_PIXELS / 1_000_000} megapixels` }],
    );
  }

  let webp: Buffer;
  let qr = false;
  try {
    const image = sharp(data, {
      // Still enforced by the decoder itself, in case the header and the pixel data disagree.
      limitInputPixels: MAX_INPUT_PIXELS,
      // Lenient like a browser: a file with damaged or missing pixel data (a bad checksum, a cut-off end) is
      // still shown by every browser, so it is accepted with what can be decoded. That is safe because only
      // the decoded pixels are written again, never the input; a file without a readable header is refused above.
      failOn: 'none',
      autoOrient: true,
      pages: 1,
    });
    [webp, qr] = await Promise.all([
      image
        .clone()
        .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
        // No keepExif / keepMetadata / withMetadata: sharp writes no EXIF, XMP, IPTC or ICC.
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
      // The smallest QR code has 21 modules a side: a smaller picture holds none (and a 3 × 3 median needs room).
      refuseQrCode && Math.min(meta.width, meta.height) >= 21 ? holdsQrCode(image.clone()) : false,
    ]);
  } catch {
    throw invalidImage();
  }
  if (qr) throw qrCodeRefused(refuseQrCode!);
  return webp;
}
