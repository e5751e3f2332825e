// Looking at the pixels of a rendered image (a page PNG, a thumbnail JPEG): decoded to sRGB
// without alpha, and coarse colour checks that survive compression and scaling.
import assert from 'node:assert/strict';
import sharp from 'sharp';

export type Rgb = [number, number, number];

export interface RgbImage {
  width: number;
  height: number;
  channels: number;
  /** Raw pixels, `channels` bytes each, row by row. */
  data: Buffer;
  /** RGB at (x, y). */
  px(x: number, y: number): Rgb;
}

export async function decodeRgb(image: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(image).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: info.channels,
    data,
    px: (x, y) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

export function assertColour(actual: Rgb, expected: 'red' | 'blue' | 'green' | 'white', where: string): void {
  const [r, g, b] = actual;
  const ok = {
    red: r > 170 && g < 60 && b < 60,
    blue: b > 170 && r < 60 && g < 60,
    green: g > 150 && r < 60 && b < 60,
    white: r > 235 && g > 235 && b > 235,
  }[expected];
  assert.ok(ok, `${where}: expected ${expected}, got rgb(${actual.join(',')})`);
}
