import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

/**
 * A minimal DOM harness for component tests (react-dom/client + act; no testing library): mount, then
 * drive the real DOM the way a user would.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

export function get<Found extends Element = HTMLElement>(root: ParentNode, selector: string): Found {
  const found = root.querySelector<Found>(selector);
  if (!found) throw new Error(`no element matches ${selector}`);
  return found;
}

export function texts(root: ParentNode, selector: string): string[] {
  return [...root.querySelectorAll(selector)].map((element) => element.textContent ?? '');
}
