// Runs inside a worker process: the CPU-heavy part of each step, file in, bytes out.
import { detectFormat, type FileFormat } from '../formats/detect.js';
import { ThumbnailError } from '../thumbnail/errors.js';
import { renderThumbnail } from '../thumbnail/render.js';

export type WorkerTask =
  | { kind: 'scan'; path: string }
  | { kind: 'thumbnail'; path: string; format: FileFormat };

async function handle(task: WorkerTask): Promise<unknown> {
  switch (task.kind) {
    case 'scan':
      return detectFormat(task.path);
    case 'thumbnail': {
      const jpeg = await renderThumbnail(task.path, task.format);
      return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
    }
  }
}

// The engine died (kill -9 included): its IPC channel closes, and so does this worker.
process.on('disconnect', () => process.exit(0));

process.on('message', (task: WorkerTask) => {
  handle(task).then(
    (result) => process.send!({ ok: true, result, rssBytes: process.memoryUsage.rss() }),
    (err: Error) =>
      process.send!({
        ok: false,
        error: { name: err?.name ?? 'Error', message: err?.message ?? String(err), userFacing: err instanceof ThumbnailError },
        rssBytes: process.memoryUsage.rss(),
      }),
  );
});
