/**
 * Chromium driven over the DevTools protocol's pipe alone, for section 6's download turns and their reference.
 *
 * Playwright enables the protocol's Network domain in every page it drives, and Chromium then keeps a copy of
 * every response body for the inspector and decodes each one as text on the page's thread: some 60 ms of the
 * page's thread and more of copying in a download of sixteen pages of JSON (a trace of the download shows
 * `TextResourceDecoder::Decode` once per page, at the page's decoded size). A user's browser does none of that,
 * and the bare put, which fetches nothing, paid none of it. Here only the Target, Page, Emulation, Input and
 * Runtime domains are used (Network only for the phone network, on both of that figure's sides).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../pwa/e2e/browser.ts';

interface ProtocolAnswer {
  readonly id?: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly message: string };
}

/** A headless Chromium and its protocol pipe (`--remote-debugging-pipe`: fd 3 to it, fd 4 from it). */
export class DevtoolsPipe {
  private lastId = 0;
  private readonly waiting = new Map<number, (answer: ProtocolAnswer) => void>();
  private received = '';

  private constructor(
    private readonly process: ChildProcess,
    private readonly profile: string,
  ) {
    const incoming = process.stdio[4] as Readable;
    incoming.on('data', (chunk: Buffer) => this.receive(chunk.toString()));
  }

  static launch(): DevtoolsPipe {
    const profile = mkdtempSync(join(tmpdir(), 'fcf-bench-pipe-'));
    const child = spawn(
      CHROMIUM_PATH,
      [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new DevtoolsPipe(child, profile);
  }

  /** A command's result; rejects with the protocol's error. */
  send(method: string, params: object = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = ++this.lastId;
    (this.process.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (answer) =>
        answer.error ? reject(new Error(`${method}: ${answer.error.message}`)) : resolve(answer.result ?? {}),
      );
    });
  }

  /** A tab in a browser context of its own (an empty profile: no IndexedDB, no service worker yet). */
  async open(viewport: { readonly width: number; readonly height: number }): Promise<PipeTab> {
    const { browserContextId } = await this.send('Target.createBrowserContext');
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const tab = new PipeTab(this, String(sessionId), String(browserContextId));
    await tab.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });
    await tab.send('Emulation.setLocaleOverride', { locale: 'zh-CN' });
    return tab;
  }

  close(): void {
    this.process.kill();
    rmSync(this.profile, { recursive: true, force: true });
  }

  private receive(text: string): void {
    this.received += text;
    for (let end = this.received.indexOf('\0'); end >= 0; end = this.received.indexOf('\0')) {
      const answer = JSON.parse(this.received.slice(0, end)) as ProtocolAnswer;
      this.received = this.received.slice(end + 1);
      if (answer.id === undefined) continue;
      this.waiting.get(answer.id)?.(answer);
      this.waiting.delete(answer.id);
    }
  }
}

/** One tab of a `DevtoolsPipe`. */
export class PipeTab {
  constructor(
    private readonly pipe: DevtoolsPipe,
    private readonly sessionId: string,
    private readonly browserContextId: string,
  ) {}

  send(method: string, params: object = {}): Promise<Record<string, unknown>> {
    return this.pipe.send(method, params, this.sessionId);
  }

  /** Navigates and waits for the page's load event. */
  async goto(url: string): Promise<void> {
    await this.send('Page.enable');
    await this.send('Page.navigate', { url });
    await this.evaluate(
      () =>
        new Promise<void>((resolve) => {
          if (document.readyState === 'complete') resolve();
          else addEventListener('load', () => resolve(), { once: true });
        }),
      undefined,
    );
  }

  /**
   * `run(arg)` in the page, awaited, its result by value: like Playwright's `page.evaluate`, `run` uses
   * nothing from outside its own text (`__name` is what the TypeScript runner adds to named inner functions).
   */
  async evaluate<Arg, Result>(run: (arg: Arg) => Result | Promise<Result>, arg: Arg): Promise<Result> {
    const expression = `(() => { const __name = (f) => f; return (${run.toString()})(${JSON.stringify(arg ?? null)}); })()`;
    const answer = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    const thrown = answer.exceptionDetails as { exception?: { description?: string }; text?: string } | undefined;
    if (thrown) throw new Error(thrown.exception?.description ?? thrown.text ?? 'evaluation failed');
    return (answer.result as { value: Result }).value;
  }

  /** Waits until `selector` matches, up to `timeoutMs`. */
  async waitFor(selector: string, timeoutMs: number): Promise<void> {
    const found = await this.evaluate(
      ({ selector, timeoutMs }) =>
        new Promise<boolean>((resolve) => {
          const started = performance.now();
          const look = () => {
            if (document.querySelector(selector)) resolve(true);
            else if (performance.now() - started > timeoutMs) resolve(false);
            else setTimeout(look, 50);
          };
          look();
        }),
      { selector, timeoutMs },
    );
    if (!found) throw new Error(`${selector} did not appear within ${timeoutMs} ms`);
  }

  /** A mouse click (pressed and released) at the middle of what `selector` matches, as a user's would come. */
  async click(selector: string): Promise<void> {
    const { x, y } = await this.evaluate((selector) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`${selector} is not in the page`);
      element.scrollIntoView({ block: 'center' });
      const box = element.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }, selector);
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
    await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
  }

  wait(millis: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, millis));
  }

  async close(): Promise<void> {
    await this.pipe.send('Target.disposeBrowserContext', { browserContextId: this.browserContextId });
  }
}
