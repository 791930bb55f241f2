import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newPage, SCREENSHOTS, useBrowser } from './support/browser.ts';

/** Budgets of the web shell: what the sign-in page costs, and the most any later chunk may cost. */
const SIGN_IN_BUDGET = 250 * 1024;
const CHUNK_BUDGET = 150 * 1024;
/**
 * Screens whose library is heavy by nature get a cap of their own, named here: they load only when opened. The
 * scheduling gantt is @visactor/vtable-gantt with its canvas renderer (ARCHITECTURE §9's choice), ~470 KB gzipped,
 * in a chunk of its own (gantt-lib, vite.config.ts) that only manufacturing's and projects' gantt pages load
 * (docs/decisions.md, 2026-11-26).
 */
const OWN_BUDGET: Record<string, number> = { 'gantt-lib': 500 * 1024 };
const budgetOf = (file: string) => OWN_BUDGET[file.replace(/-[\w-]{8}\.js$/, '')] ?? CHUNK_BUDGET;
const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');
const gzip = (b: Buffer) => zlib.gzipSync(b).length;
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

const browser = useBrowser();

describe('bundle budget (apps/web/dist)', () => {
  const loaded = new Map<string, number>();

  it(`sign-in page loads at most ${SIGN_IN_BUDGET / 1024} KB of gzipped JavaScript, none of the shell`, async () => {
    const { context, page } = await newPage(browser());
    const bodies: Array<Promise<void>> = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      bodies.push(r.body().then((b) => void loaded.set(path.basename(new URL(r.url()).pathname), gzip(b))));
    });
    await page.goto('/user/login', { waitUntil: 'networkidle' });
    await page.getByTestId('login-form').waitFor();
    await Promise.all(bodies);
    await context.close();

    const total = [...loaded.values()].reduce((a, b) => a + b, 0);
    const names = [...loaded.keys()];
    expect(
      names.some((n) => /basic-layout|shell-frame|message-centre|analysis-page/.test(n)),
      names.join(', '),
    ).toBe(false);
    expect(total, `sign-in JS ${kb(total)} KB gzip`).toBeLessThanOrEqual(SIGN_IN_BUDGET);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(
      path.join(SCREENSHOTS, 'bundle-sizes.json'),
      JSON.stringify({ signInGzipKB: kb(total), signInFiles: Object.fromEntries([...loaded].map(([n, s]) => [n, kb(s)])) }, null, 2),
    );
  });

  it(`every later chunk is at most ${CHUNK_BUDGET / 1024} KB gzipped`, () => {
    const later = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js') && !loaded.has(f))
      .map((f) => ({ f, size: gzip(fs.readFileSync(path.join(assets, f))) }))
      .sort((a, b) => b.size - a.size);
    expect(later.length).toBeGreaterThan(0);
    const over = later.filter((c) => c.size > budgetOf(c.f));
    expect(over.map((c) => `${c.f} ${kb(c.size)} KB`)).toEqual([]);
    const file = path.join(SCREENSHOTS, 'bundle-sizes.json');
    const prev = JSON.parse(fs.readFileSync(file, 'utf8')) as object;
    fs.writeFileSync(file, JSON.stringify({ ...prev, largestLaterChunks: later.slice(0, 8).map((c) => `${c.f} ${kb(c.size)} KB`) }, null, 2));
  });
});
