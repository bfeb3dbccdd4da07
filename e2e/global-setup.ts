import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startAppServer } from './support/app-server';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    appLogFile: string;
  }
}

/**
 * Builds the web app as `npm start` does and starts one server for the run; tests that need a
 * server of their own (stopped, or configured differently) start one with startAppServer.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build', '-w', '@cinegrade/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const server = await startAppServer();
  project.provide('appUrl', server.url);
  project.provide('appLogFile', path.join(server.dataDir, 'server.log'));
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
