// Raster image thumbnails through sharp (libvips): EXIF orientation applied, first page or
// frame only, transparency flattened onto white. Resizing in the same pipeline lets libvips
// shrink JPEG and WebP while decoding instead of decoding full size first. Opening and
// error wording are shared with the image reader (formats/image.ts).
import sharp from 'sharp';
import { decodeBmp } from '../formats/bmp.js';
import { imageError, sharpPageOptions } from '../formats/image.js';
import { JPEG_QUALITY, MAX_IMAGE_PIXELS, THUMBNAIL_MAX_EDGE } from './limits.js';

export { IMAGE_DAMAGED_MESSAGE, IMAGE_TOO_LARGE_MESSAGE } from '../formats/errors.js';

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
    return await toThumbnail(sharp(path, sharpPageOptions(0)));
  } catch (err) {
    throw imageError(err);
  }
}

/** sharp cannot read BMP; our decoder produces RGBA (already reduced for huge images). */
export async function renderBmpThumbnail(path: string): Promise<Buffer> {
  const bmp = await decodeBmp(path, { maxPixels: MAX_IMAGE_PIXELS, targetEdge: THUMBNAIL_MAX_EDGE });
  try {
    return await toThumbnail(sharp(bmp.rgba, { raw: { width: bmp.width, height: bmp.height, channels: 4 } }));
  } catch (err) {
    throw imageError(err);
  }
}
