import { act, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mount, unmountAll } from '../testing/dom.tsx';
import { lazyPage } from './lazy-page.tsx';

afterEach(unmountAll);

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

/** A page whose chunk arrives when the test says so. */
function controlledPage() {
  let arrive: () => void = () => {};
  let loads = 0;
  const page = lazyPage(() => {
    loads++;
    return new Promise<{ default: typeof Greeting }>((resolve) => {
      arrive = () => resolve({ default: Greeting });
    });
  });
  return { page, arrive: () => arrive(), loads: () => loads };
}

function inSuspense(Page: (props: { name: string }) => ReturnType<typeof Greeting>) {
  return (
    <Suspense fallback={<p>加载中…</p>}>
      <Page name="读者" />
    </Suspense>
  );
}

describe('lazyPage', () => {
  it('draws a page whose chunk was loaded ahead at once, without the loading state', async () => {
    const { page, arrive, loads } = controlledPage();
    const preloaded = page.preload();
    arrive();
    await act(() => preloaded);
    const { container } = mount(inSuspense(page));
    expect(container.textContent).toBe('你好，读者');
    expect(loads()).toBe(1);
  });

  it('shows the loading state for a page whose chunk is not at hand, then the page, loading the chunk once', async () => {
    const { page, arrive, loads } = controlledPage();
    const { container } = mount(inSuspense(page));
    expect(container.textContent).toBe('加载中…');
    await act(async () => {
      arrive();
      await page.preload();
    });
    expect(container.textContent).toBe('你好，读者');
    expect(loads()).toBe(1);
  });

  it('resolves its preload when the chunk fails to load, leaving the error to the page', async () => {
    const page = lazyPage<{ name: string }>(() => Promise.reject(new Error('离线')));
    await expect(page.preload()).resolves.toBeUndefined();
  });
});
