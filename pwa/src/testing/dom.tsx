import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

/**
 * A minimal DOM harness for component tests (react-dom/client + act; no testing library): mount, then
 * drive the real DOM the way a user would.
 */
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  readonly container: HTMLElement;
  rerender(ui: ReactNode): void;
  unmount(): void;
}

const mounted = new Set<Mounted>();

export function mount(ui: ReactNode): Mounted {
  const container = document.body.appendChild(document.createElement('div'));
  let root: Root | null = createRoot(container);
  act(() => root?.render(ui));
  const handle: Mounted = {
    container,
    rerender: (next) => act(() => root?.render(next)),
    unmount: () => {
      act(() => root?.unmount());
      root = null;
      container.remove();
      mounted.delete(handle);
    },
  };
  mounted.add(handle);
  return handle;
}

/** Unmounts everything mounted so far; call from afterEach. */
export function unmountAll(): void {
  for (const handle of [...mounted]) handle.unmount();
}

/** Types into an input as React sees it (the native value setter, then an input event). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function press(target: Element, key: string): void {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

export function click(target: Element): void {
  act(() => {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  });
}

/** Chooses files in an <input type=file>: a FileList as the browser hands it over (jsdom cannot build one). */
export function chooseFiles(input: HTMLInputElement, files: readonly File[]): void {
  const list = Object.assign([...files], { item: (index: number) => files[index] ?? null });
  Object.defineProperty(input, 'files', { configurable: true, value: list });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Presses a pointer down on `target`, as the first event of a tap or click. */
export function pointerDown(target: Element): void {
  act(() => {
    target.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  });
}

/** Advances fake timers inside act, so the updates they cause are rendered. */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

export function blur(target: HTMLElement): void {
  act(() => {
    target.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/**
 * Waits until `check` holds (vi.waitFor: polled, 2 s at most), for what arrives on timers rather than
 * microtasks (IndexedDB answers, pdf.js). While it polls React renders on its own scheduler, as in a
 * browser (the act environment is off, as Testing Library's waitFor does); what is left settles in act.
 */
export async function waitUntil(check: () => boolean, what: string): Promise<void> {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await vi.waitFor(
      () => {
        if (!check()) throw new Error(`still waiting for ${what}`);
      },
      { timeout: 2000, interval: 5 },
    );
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
  await settle();
}

/** Lets pending promises (a mocked load or fetch) settle inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let round = 0; round < 5; round += 1) await Promise.resolve();
  });
}

export function byText(root: ParentNode, selector: string, text: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>(selector)].find((element) =>
    element.textContent?.includes(text),
  );
  if (!found) throw new Error(`no ${selector} containing “${text}”`);
  return found;
}

export function query<Found extends Element = HTMLElement>(root: ParentNode, selector: string): Found {
  const found = root.querySelector<Found>(selector);
  if (!found) throw new Error(`no element matches ${selector}`);
  return found;
}

/** Sets window.innerWidth and fires resize, as a phone or a narrow window would. */
export function resizeTo(width: number): void {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

export function texts(root: ParentNode, selector: string): string[] {
  return [...root.querySelectorAll(selector)].map((element) => element.textContent ?? '');
}
