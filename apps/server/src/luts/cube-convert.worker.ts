import { parentPort } from 'node:worker_threads';
import type { LutFormat } from '@cinegrade/color';
import { convertCube } from './cube-convert';

/** One LUT file per message, read off the server's event loop (`cube-convert.adapter.ts`). */
parentPort?.on('message', ({ text, format }: { text: string; format: LutFormat }) => {
  const result = convertCube(text, format);
  parentPort?.postMessage(result, result.ok ? [result.table.buffer as ArrayBuffer] : []);
});
