import type { SyncTransport } from '@fcf/engine/sync';

/** What the fake network does to one request. */
export type Fault = 'deliver' | 'drop' | 'lose-answer' | 'duplicate' | 'delay';

/**
 * A network that drops, duplicates, reorders and delays requests, for the sync simulation. A delayed
 * request fails for the client now and reaches the server later, after newer ones. `nextFault` decides
 * each request's fate (seeded by the test, so a failure replays).
 */
export class FaultyNetwork {
  private readonly held: (() => Promise<unknown>)[] = [];

  constructor(private readonly nextFault: () => Fault) {}

  /** A client's view of the network; `online()` false makes every request fail at once. */
  transport(inner: SyncTransport, online: () => boolean): SyncTransport {
    const send = async <Answer>(deliver: () => Promise<Answer>): Promise<Answer> => {
      if (!online()) throw new Error('离线');
      switch (this.nextFault()) {
        case 'drop':
          throw new Error('请求丢失');
        case 'lose-answer':
          await deliver();
          throw new Error('响应丢失');
        case 'duplicate':
          await deliver().catch(() => undefined);
          return deliver();
        case 'delay':
          this.held.push(deliver);
          throw new Error('请求超时（稍后送达）');
        case 'deliver':
          return deliver();
      }
    };
    return { push: (request) => send(() => inner.push(request)), pull: (request) => send(() => inner.pull(request)) };
  }

  /** Delivers one held request (the oldest or the newest: reordering), ignoring its answer. */
  async deliverHeld(newest: boolean): Promise<boolean> {
    const deliver = newest ? this.held.pop() : this.held.shift();
    if (!deliver) return false;
    await deliver().catch(() => undefined);
    return true;
  }

  /** Lets every held request arrive: the network quiets down. */
  async drain(): Promise<void> {
    while (await this.deliverHeld(false)) {}
  }
}
