import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureExecutable } from './binaries';

describe('ensureExecutable', () => {
  it('makes a binary executable when npm skipped the install script that would have', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-bin-'));
    const file = path.join(dir, 'ffprobe');
    fs.writeFileSync(file, '#!/bin/sh\necho ok\n', { mode: 0o644 });
    try {
      expect(ensureExecutable(file)).toBe(file);
      expect(fs.statSync(file).mode & 0o111).toBe(0o111);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says what to do when the file cannot be run', () => {
    expect(() => ensureExecutable('/nonexistent/ffmpeg')).toThrow(/is not executable and could not be made so/);
  });
});
