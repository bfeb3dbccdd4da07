import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded set-up on port 3000 with data under ./data of the caller', () => {
    const config = loadConfig({}, '/srv/cinegrade');
    expect(config).toMatchObject({ port: 3000, dataDir: '/srv/cinegrade/data', databaseUrl: null, publicUrl: 'http://localhost:3000', smtpUrl: null, runWorker: true });
  });

  it('resolves DATA_DIR against INIT_CWD, where npm was invoked', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/cinegrade', DATA_DIR: 'media' }).dataDir).toBe(path.resolve('/home/me/cinegrade/media'));
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/')).toThrow(new ConfigError('PORT must be a whole number from 0 to 65535 (got "eighty").'));
    expect(() => loadConfig({ RUN_WORKER: 'maybe' }, '/')).toThrow(/RUN_WORKER must be true or false/);
    expect(() => loadConfig({ PUBLIC_URL: 'grade.example.com' }, '/')).toThrow(/PUBLIC_URL must be a full address/);
  });
});
