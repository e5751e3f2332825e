// Page images with known text, drawn with the committed DejaVu Sans: real pixels for OCR.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { REPO_ROOT } from './server.js';

const FAMILY = 'DocdeskFixtureSans';
let registered = false;

/** The committed DejaVu Sans, registered once: the font family name to draw fixture text with. */
export function fixtureFont(): string {
  if (!registered && !GlobalFonts.registerFromPath(join(REPO_ROOT, 'resources', 'fonts', 'DejaVuSans.ttf'), FAMILY)) throw new Error('DejaVuSans.ttf could not be registered');
  registered = true;
  return FAMILY;
}

export interface TextImageOptions {
  width: number;
  height: number;
  fontSize: number;
  lineHeight: number;
  background?: string;
}

/** Draws one line of text per entry, top to bottom, and returns a PNG. */
export function textImagePng(lines: string[], opts: TextImageOptions): Buffer {
  const family = fixtureFont();
  const canvas = createCanvas(opts.width, opts.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = opts.background ?? '#ffffff';
  ctx.fillRect(0, 0, opts.width, opts.height);
  ctx.fillStyle = '#111111';
  ctx.font = `${opts.fontSize}px "${family}"`;
  lines.forEach((line, i) => ctx.fillText(line, 90, 120 + i * opts.lineHeight));
  return canvas.toBuffer('image/png');
}

/** Debian's IPA Gothic (fonts-ipafont-gothic), which .ci/run installs: Japanese pages are drawn with it. */
const JAPANESE_FONT = '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf';
const JAPANESE_FAMILY = 'DocdeskFixtureGothic';
let japaneseRegistered = false;

/**
 * The font family to draw Japanese fixture text with, or the reason there is none here: a skip reason on a user's
 * machine without the font; under CI=true a failure instead.
 */
export function japaneseFont(): { family: string } | { skip: string } {
  if (!japaneseRegistered) japaneseRegistered = existsSync(JAPANESE_FONT) && GlobalFonts.registerFromPath(JAPANESE_FONT, JAPANESE_FAMILY) !== null;
  if (japaneseRegistered) return { family: JAPANESE_FAMILY };
  if (process.env.CI === 'true') throw new Error(`CI=true but ${JAPANESE_FONT} is missing (.ci/run installs fonts-ipafont-gothic)`);
  return { skip: `no Japanese font to draw the page with (${JAPANESE_FONT}; Debian: apt-get install fonts-ipafont-gothic)` };
}
