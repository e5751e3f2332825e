// Video thumbnails: a representative decoded frame. Many recordings open on black (fade-in,
// camera start-up), so black frames are skipped. The common case costs one ffmpeg run: it
// decodes key frames only, drops near-black ones (signalstats), lets the thumbnail filter
// pick the most representative of the first few and writes one JPEG to stdout, while its
// stream overview on stderr serves as the probe. Only when that yields no frame (every key
// frame dark, or a stream ffmpeg cannot key-frame-skip) do we fall back to sampling several
// points of the duration and taking the first non-black one, or the brightest.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ThumbnailError } from './errors.js';
import { runFfmpeg } from './ffmpeg.js';
import { FFMPEG_TIMEOUT_MS, MAX_VIDEO_FRAME_PIXELS, THUMBNAIL_MAX_EDGE } from './limits.js';

export interface VideoProbe {
  /** ffmpeg's input stream index of the picture stream, e.g. 0 for "Stream #0:0". */
  streamIndex: number;
  width: number;
  height: number;
  durationSeconds: number | null;
}

/** Mean luma (0..255) below which a frame counts as black. */
const BLACK_LUMA = 24;
/** Fractions of the duration to sample, in order of preference. */
const SAMPLE_POINTS = [0.1, 0.25, 0.5, 0.75];
/** Without a known duration: seconds from the start. */
const FALLBACK_SECONDS = [0, 1, 3, 10];

/** Parses the stream overview `ffmpeg -i` prints on stderr. */
function parseProbe(stderr: string): VideoProbe | null {
  const dur = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSeconds = dur ? Number(dur[1]) * 3600 + Number(dur[2]) * 60 + Number(dur[3]) : null;
  for (const line of stderr.split('\n')) {
    const m = /Stream #0:(\d+)(?:\[[^\]]*\])?(?:\([^)]*\))?: Video: (.*)$/.exec(line);
    if (!m || /\(attached pic\)/.test(line)) continue; // cover art, not the video
    // "0x31637661" style codec tags are excluded by requiring no leading zero.
    const dims = /\b([1-9]\d{0,5})x([1-9]\d{0,5})\b/.exec(m[2]!);
    if (!dims) continue;
    return {
      streamIndex: Number(m[1]),
      width: Number(dims[1]),
      height: Number(dims[2]),
      durationSeconds: durationSeconds && durationSeconds > 0 ? durationSeconds : null,
    };
  }
  return null;
}

/** Sample timestamps in seconds, earliest first. */
function sampleTimes(durationSeconds: number | null): number[] {
  if (durationSeconds === null) return FALLBACK_SECONDS;
  return SAMPLE_POINTS.map((f) => Math.round(f * durationSeconds * 1000) / 1000);
}

/** Key frames considered by the thumbnail filter; each is held in memory until it decides. */
const KEY_FRAMES_CONSIDERED = 4;
/** A thumbnail JPEG is far below this; anything larger is not what we asked for. */
const MAX_THUMBNAIL_BYTES = 4 * 1024 * 1024;

// Fit inside the thumbnail square, honour non-square pixels, never upscale.
const FIT = `min(1\\,min(${THUMBNAIL_MAX_EDGE}/(iw*sar)\\,${THUMBNAIL_MAX_EDGE}/ih))`;
const SCALE = `scale=w='max(2\\,trunc(${FIT}*iw*sar/2)*2)':h='max(2\\,trunc(${FIT}*ih/2)*2)',setsar=1`;

export async function renderVideoThumbnail(path: string): Promise<Buffer> {
  const deadline = Date.now() + FFMPEG_TIMEOUT_MS;
  // -max_pixels makes the decoder refuse frames over the limit instead of allocating them.
  const run = await runFfmpeg(
    [
      '-hide_banner', '-nostdin', '-skip_frame', 'nokey', '-max_pixels', String(MAX_VIDEO_FRAME_PIXELS), '-i', path,
      '-map', '0:V:0?', '-an', '-sn', '-dn',
      '-vf', `signalstats,metadata=select:key=lavfi.signalstats.YAVG:value=${BLACK_LUMA}:function=greater,thumbnail=n=${KEY_FRAMES_CONSIDERED},${SCALE}`,
      '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1',
    ],
    FFMPEG_TIMEOUT_MS,
    MAX_THUMBNAIL_BYTES,
  );
  if (run.timedOut) throw timeoutError();
  // Only the input overview is the probe; the output streams follow "Stream mapping:".
  const probe = parseProbe(run.stderr.split(/\n(?:Stream mapping:|Output #0)/)[0]!);
  if (!probe) {
    if (/Invalid data found|moov atom not found|EBML header parsing failed|could not find codec parameters/i.test(run.stderr)) {
      throw new ThumbnailError('The video file is damaged or incomplete, so no picture could be decoded from it.');
    }
    throw new ThumbnailError('The file contains no video picture stream that Docdesk can decode.');
  }
  if (probe.width * probe.height > MAX_VIDEO_FRAME_PIXELS) {
    throw new ThumbnailError(
      `The video frame size ${probe.width}×${probe.height} exceeds Docdesk's limit of 33,177,600 pixels (8K UHD).`,
    );
  }

  if (run.code === 0 && isJpeg(run.stdout)) return run.stdout;
  return sampleThroughout(path, probe, deadline);
}

function isJpeg(b: Buffer): boolean {
  return b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
}

/** The fallback: one ffmpeg process seeks to every sample point and writes small JPEGs. */
async function sampleThroughout(path: string, probe: VideoProbe, deadline: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'docdesk-video-'));
  try {
    const times = sampleTimes(probe.durationSeconds);
    const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
    for (const t of times) args.push('-ss', t.toFixed(3), '-i', path);
    const outputs = times.map((_, i) => join(dir, `frame-${i}.jpg`));
    times.forEach((_, i) => {
      args.push('-map', `${i}:${probe.streamIndex}`, '-frames:v', '1', '-vf', SCALE, '-q:v', '3', '-f', 'image2', outputs[i]!);
    });
    const run = await runFfmpeg(args, deadline - Date.now());
    if (run.timedOut) throw timeoutError();
    return await pickFrame(outputs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** First frame that is not near-black; the brightest one when all are dark. */
async function pickFrame(paths: string[]): Promise<Buffer> {
  let best: { jpeg: Buffer; luma: number } | null = null;
  for (const p of paths) {
    let jpeg: Buffer;
    try {
      jpeg = await readFile(p);
    } catch {
      continue; // a sample point beyond the real end of the stream yields no frame
    }
    if (jpeg.length === 0) continue;
    const { channels } = await sharp(jpeg).stats();
    const [r, g, b] = channels.length >= 3 ? channels.map((c) => c.mean) : [channels[0]!.mean, channels[0]!.mean, channels[0]!.mean];
    const luma = 0.299 * r! + 0.587 * g! + 0.114 * b!;
    if (luma >= BLACK_LUMA) return jpeg;
    if (!best || luma > best.luma) best = { jpeg, luma };
  }
  if (!best) throw new ThumbnailError('No picture could be decoded from the video; the file may be damaged.');
  return best.jpeg;
}

function timeoutError(): ThumbnailError {
  return new ThumbnailError('Decoding the video took longer than 60 seconds, so Docdesk stopped it.');
}
