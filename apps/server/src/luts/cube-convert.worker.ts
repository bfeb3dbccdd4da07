import { parentPort } from 'node:worker_threads';
import { convertCube } from './cube-convert';

/** One `.cube` per message, read off the server's event loop (`cube-convert.adapter.ts`). */
parentPort?.on('message', (text: string) => {
  const result = convertCube(text);
  parentPort?.postMessage(result, result.ok ? [result.table.buffer as ArrayBuffer] : []);
});
