import assert from 'node:assert/strict';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LecternClient } from '../../../lectern/test/support/http-client.js';
import type { LecternProcess } from '../../../lectern/test/support/lectern-process.js';

/** Debian's chromium, which .ci/run installs; playwright-core downloads no browser of its own. */
export const chromiumPath = process.env.LECTERN_CHROMIUM ?? '/usr/bin/chromium';

/** Screenshots of the key states: kept as CI artefacts, ignored by git. */
export const artefactsDir = join(new URL('../../../..', import.meta.url).pathname, 'artefacts', 'browser');

const quietFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(extraFlags: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...quietFlags, ...extraFlags] });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** What the page logged as errors (console errors, uncaught exceptions); a test asserts it stays empty. */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
}

export interface OpenOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  locale?: string;
  permissions?: string[];
}

/** Asks Lectern for a login code, the way `lectern open` does. */
export async function loginUrl(lectern: LecternProcess): Promise<string> {
  const response = await new LecternClient(lectern.baseUrl, lectern.token).post<{ url: string }>('/api/v2/auth/codes');
  assert.equal(response.status, 201);
  return response.body.url;
}

/** A fresh browser context opened through the code exchange, once the page reports itself connected. */
export async function openWorkspace(browser: Browser, lectern: LecternProcess, options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1200, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
    acceptDownloads: true,
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(await loginUrl(lectern));
  await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor();
  return { context, page, problems, requests };
}

/**
 * A screenshot of a key state, checked for what it must show: each text visible on the page,
 * no error banner, and a picture with content (a blank page compresses to almost nothing).
 */
export async function screenshot(page: Page, name: string, mustShow: readonly string[]): Promise<string> {
  mkdirSync(artefactsDir, { recursive: true });
  for (const text of mustShow) await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
  assert.equal(await page.locator('[data-testid="error-banner"]').count(), 0, `${name}: an error banner is showing: ${await page.locator('[data-testid="error-banner"]').allTextContents()}`);
  const path = join(artefactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  assert.ok(statSync(path).size > 8 * 1024, `${name}: the screenshot looks blank`);
  return path;
}
