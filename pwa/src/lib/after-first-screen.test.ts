import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS } from './after-first-screen.ts';

/** A fresh copy of the module (its state is the page's), on a page load that opens a report. */
async function load() {
  const module = await import('./after-first-screen.ts');
  module.reportOpens();
  return module;
}

/** Whether the promise has resolved once every timer and pending job due by now has run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());

  it('waits for the first section, then for the page to stay idle a while', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const after = afterFirstScreen();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await settled(after)).toBe(false);
    firstScreenShown();
    expect(await settled(after)).toBe(false);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    expect(await settled(after)).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(await settled(after)).toBe(true);
  });

  it("goes at once at the reader's first tap or key", async () => {
    const { afterFirstScreen } = await load();
    const after = afterFirstScreen();
    window.dispatchEvent(new Event('pointerdown'));
    expect(await settled(after)).toBe(true);
  });

  it('waits for nothing on a page that opens no report', async () => {
    const { afterFirstScreen } = await import('./after-first-screen.ts');
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it('does not wait for ever for a report that never comes', async () => {
    const { afterFirstScreen } = await load();
    const after = afterFirstScreen();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await settled(after)).toBe(true);
  });
});
