// Raster image thumbnails through sharp (libvips): EXIF orientation applied, first page or
// frame only, transparency flattened onto white. Resizing in the same pipeline lets libvips
// shrink JPEG and WebP while decoding instead of decoding full size first.
import sharp from 'sharp';
import { decodeBmp } from './bmp.js';
import { ThumbnailError } from './errors.js';
import { JPEG_QUALITY, MAX_IMAGE_PIXELS, THUMBNAIL_MAX_EDGE } from './limits.js';

export const IMAGE_TOO_LARGE_MESSAGE =
  'The image is larger than 100 megapixels, which Docdesk refuses to decode for safety.';
export const IMAGE_DAMAGED_MESSAGE = 'The image file is damaged or incomplete and cannot be decoded.';

function toThumbnail(img: sharp.Sharp): Promise<Buffer> {
  return img
    .rotate() // no angle: apply the EXIF orientation
    .resize(THUMBNAIL_MAX_EDGE, THUMBNAIL_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

export async function renderImageThumbnail(path: string): Promise<Buffer> {
  try {
    // page 0 / pages 1: the first page of a multi-page TIFF, the first frame of a GIF.
    const img = sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, page: 0, pages: 1, failOn: 'error' });
    return await toThumbnail(img);
  } catch (err) {
    throw mapSharpError(err);
  }
}

/** sharp cannot read BMP; our decoder produces RGBA (already reduced for huge images). */
export async function renderBmpThumbnail(path: string): Promise<Buffer> {
  const bmp = await decodeBmp(path, { maxPixels: MAX_IMAGE_PIXELS, targetEdge: THUMBNAIL_MAX_EDGE });
  try {
    return await toThumbnail(sharp(bmp.rgba, { raw: { width: bmp.width, height: bmp.height, channels: 4 } }));
  } catch (err) {
    throw mapSharpError(err);
  }
}

function mapSharpError(err: unknown): Error {
  if (err instanceof ThumbnailError) return err;
  const message = (err as Error | undefined)?.message ?? '';
  if (/pixel limit/i.test(message)) return new ThumbnailError(IMAGE_TOO_LARGE_MESSAGE);
  return new ThumbnailError(IMAGE_DAMAGED_MESSAGE);
}
