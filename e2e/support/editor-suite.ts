import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { signUpAndSignIn } from './accounts';
import type { ServerHandle } from './app-server';
import { browserForSuite } from './browser';
import { uploadAndOpen } from './editor-pages';
import { sharedServer } from './shared-server';

/** What the tests of one describe block grading media in the editor share. */
export interface EditorSuite {
  readonly server: ServerHandle;
  /** A scratch folder for the files the tests write, removed after the block. */
  readonly work: string;
  /**
   * Signs a new Free account up and in, uploads `file` through the header as the asset `name` and
   * waits until the editor shows it; the browser's page, on the editor.
   */
  open(file: string, name: string): Promise<Page>;
}

/**
 * The shared server and one browser for the tests of the describe block it is called in, each
 * test starting signed out (see browserForSuite), and a scratch folder named after `name`.
 */
export function editorSuite(name: string): EditorSuite {
  const server = sharedServer();
  const browser = browserForSuite();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `cinegrade-${name}-e2e-`));
  afterAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
  });
  return {
    server,
    work,
    open: async (file, asset) => {
      const page = browser.page;
      await signUpAndSignIn(page, server);
      await uploadAndOpen(page, file, asset);
      return page;
    },
  };
}
