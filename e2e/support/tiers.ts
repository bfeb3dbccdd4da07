import { execFileSync } from 'node:child_process';
import { REPO_ROOT, startAppServer, type AppServer } from './app-server';

/**
 * Sets a user's tier the way an operator does (`npm run admin -- set-tier`). The embedded database
 * is locked while its server runs, so the server is stopped, the command run, and a new server
 * started on the same data folder and port; the browser's session survives (sessions live in the
 * database).
 */
export async function restartWithTier(server: AppServer, email: string, tier: 'Free' | 'Premium' | 'Enterprise'): Promise<AppServer> {
  await server.stop();
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-tier', email, tier], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, stdio: 'pipe' });
  return startAppServer({ DATA_DIR: server.dataDir }, { port: server.port });
}
