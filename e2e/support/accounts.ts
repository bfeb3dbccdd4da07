import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { verificationLink, type ServerHandle } from './app-server';
import { WAIT, waitingFor } from './waits';

export const TEST_PASSWORD = 'a grading password';

export function uniqueEmail(prefix = 'colourist'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/** The text of the toast on screen now (one is visible at a time). */
export async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId('toast');
  await toast.waitFor({ state: 'visible' });
  return (await toast.innerText()).replace(/\s*✕\s*$/, '').replace(/\s+/g, ' ').trim();
}

/** Waits until the toast on screen contains this text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await waitingFor(`the toast "${text}"`, WAIT.pageMs, (timeout) => page.getByTestId('toast').filter({ hasText: text }).waitFor({ state: 'visible', timeout }));
}

/** Signs up through the /auth screen, follows the emailed link from the log, and signs in. */
export async function signUpAndSignIn(page: Page, server: ServerHandle, options: { email?: string; fullName?: string } = {}): Promise<string> {
  const email = options.email ?? uniqueEmail();
  await page.goto(`${server.url}/auth`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByLabel('Full Name').fill(options.fullName ?? 'Test Colourist');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect(await toastText(page)).toContain('Please check your email to verify your account');
  await page.goto(await verificationLink(server, email));
  await page.waitForURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  return email;
}
