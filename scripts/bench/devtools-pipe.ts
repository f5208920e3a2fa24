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
  /** Set once Chromium has exited: every command waiting, and every one sent after, fails with it. */
  private exited: Error | null = null;
  private readonly exit: Promise<void>;

  private constructor(
    private readonly process: ChildProcess,
    private readonly profile: string,
  ) {
    const incoming = process.stdio[4] as Readable;
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => this.receive(chunk));
    (process.stdio[3] as Writable).on('error', () => undefined);
    this.exit = new Promise((resolve) => {
      process.on('exit', (code, signal) => {
        this.exited = new Error(`Chromium exited (${signal ?? code})`);
        for (const answer of this.waiting.values()) answer({ error: { message: this.exited.message } });
        this.waiting.clear();
        resolve();
      });
    });
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
    if (this.exited) return Promise.reject(this.exited);
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

  /** Ends Chromium and, once it has exited (it writes its profile as it shuts down), removes its profile. */
  async close(): Promise<void> {
    if (!this.exited) this.process.kill();
    await this.exit;
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 3 });
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

  /**
   * Navigates the tab (opened on about:blank, once) and waits for the new document's load event; asked in
   * turns, since the protocol's answer may come before the old document is gone.
   */
  async goto(url: string): Promise<void> {
    const { errorText } = await this.send('Page.navigate', { url });
    if (errorText) throw new Error(`${url}: ${String(errorText)}`);
    const state = () =>
      this.evaluate(() => ({ href: location.href, ready: document.readyState }), undefined).catch(() => null);
    for (const started = performance.now(); ; await this.wait(50)) {
      const now = await state();
      if (now && now.href !== 'about:blank' && now.ready === 'complete') return;
      if (performance.now() - started > 30_000) throw new Error(`${url} did not load within 30 s`);
    }
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
