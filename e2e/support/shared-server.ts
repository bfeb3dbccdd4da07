import fs from 'node:fs';
import { inject } from 'vitest';
import type { ServerHandle } from './app-server';

/** The server started once for the whole run by global-setup.ts. */
export function sharedServer(): ServerHandle {
  const logFile = inject('appLogFile');
  return { url: inject('appUrl'), log: () => fs.readFileSync(logFile, 'utf8') };
}
