import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';

/** A real PNG (gradient-ish block of colour) made with sharp, for upload tests. */
export async function pngImage(width = 800, height = 400, color = { r: 37, g: 99, b: 235 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * How long to wait for an admin screen to appear after a navigation in a new browser context: the admin chunk, and for
 * the editor the full editor, a lazily loaded chunk of about 1 MB (Tiptap, ProseMirror, highlight.js), take longer
 * than the default 10 s to load and parse on a busy CI machine.
 */
export const SCREEN_LOADS = { timeout: 30_000 };

/**
 * Makes the full editor fail the way it fails for a reader on a bad connection: its lazily loaded chunk does not
 * arrive (the request is aborted), so the dynamic import rejects and the simple editor takes over.
 */
export async function failFullEditorChunk(page: Page) {
  await page.route(/\/assets\/FullEditor-[^/]*\.js(\?.*)?$/, (route) => route.abort());
}

/** The full editor's editing surface. */
export function editorSurface(page: Page) {
  return page.getByTestId('full-editor').locator('.ProseMirror');
}

export function toolbarButton(page: Page, name: string) {
  return page.getByRole('toolbar').getByRole('button', { name, exact: true });
}

/** Creates pages directly through the API (fast setup for pagination). */
export async function createPagesViaApi(api: APIRequestContext, count: number, prefix: string) {
  for (let i = 1; i <= count; i += 1) {
    const res = await api.post('/api/pages', {
      data: { title: `${prefix} ${i}`, slug: `${prefix.toLowerCase().replace(/\s+/g, '-')}-${i}`, content: `<p>${prefix} ${i}</p>` },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}
