// Runs inside a worker thread: the CPU-heavy part of each step, file in, bytes out.
import { parentPort } from 'node:worker_threads';
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

parentPort!.on('message', (task: WorkerTask) => {
  handle(task).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (err: Error) =>
      parentPort!.postMessage({
        ok: false,
        error: { name: err?.name ?? 'Error', message: err?.message ?? String(err), userFacing: err instanceof ThumbnailError },
      }),
  );
});
