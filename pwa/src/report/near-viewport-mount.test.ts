import { describe, expect, it } from 'vitest';
import { mountNearViewport, NEAR_MARGIN } from './near-viewport-mount.ts';

/** An observer the test drives: it reports the sections it is told are near. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly init?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  near(...ids: string[]) {
    const entries = this.targets.map((target) => ({ target, isIntersecting: ids.includes(target.id) }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

function setUp(hash = '') {
  document.body.innerHTML = '<section id="a"></section><section id="b"></section><section id="c"></section>';
  window.location.hash = hash;
  const built: string[][] = [];
  let quiet: () => void = () => {};
  const afterQuiet = new Promise<void>((resolve) => {
    quiet = resolve;
  });
  const stop = mountNearViewport({
    paths: ['a', 'b', 'c'],
    elementOf: (path) => document.getElementById(path),
    onMount: (mounted) => built.push([...mounted].sort()),
    afterQuiet,
    idle: () => Promise.resolve(),
    win: window,
    Observer: FakeObserver as unknown as typeof IntersectionObserver,
  });
  const observer = FakeObserver.last;
  if (observer === null) throw new Error('no observer');
  return { built, quiet, stop, observer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mountNearViewport', () => {
  it('builds only the sections that come within a screen of the viewport', () => {
    const { built, observer, stop } = setUp();
    expect(observer.init?.rootMargin).toBe(NEAR_MARGIN);
    expect(built).toEqual([]);
    observer.near('b');
    expect(built).toEqual([['b']]);
    observer.near('b');
    expect(built).toHaveLength(1);
    stop();
  });

  it('builds the section an anchor names at once', () => {
    const { built, stop } = setUp('#c');
    expect(built).toEqual([['c']]);
    window.location.hash = '#a';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(built.at(-1)).toEqual(['a', 'c']);
    stop();
  });

  it('builds the rest one per idle slice once the page was quiet', async () => {
    const { built, quiet, observer, stop } = setUp();
    observer.near('a');
    await settle();
    expect(built).toEqual([['a']]);
    quiet();
    await settle();
    expect(built).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c']]);
    stop();
    expect(observer.disconnected).toBe(true);
  });

  it('builds nothing more once stopped', async () => {
    const { built, quiet, observer, stop } = setUp();
    stop();
    observer.near('a');
    quiet();
    await settle();
    expect(built).toEqual([]);
  });

  it('builds every section at once without an observer', () => {
    document.body.innerHTML = '';
    const built: string[][] = [];
    mountNearViewport({
      paths: ['a', 'b'],
      elementOf: () => null,
      onMount: (mounted) => built.push([...mounted]),
      afterQuiet: new Promise(() => {}),
      idle: () => Promise.resolve(),
    });
    expect(built).toEqual([['a', 'b']]);
  });
});
