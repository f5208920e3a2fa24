import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

/** A process's resident memory in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)\s+kB/);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * How long the process's main thread (its event loop) has run on a CPU, in ms, from the scheduler's own
 * count (/proc/PID/task/PID/schedstat, nanoseconds); null where the system does not keep it.
 */
export function mainThreadCpuMs(pid: number): number | null {
  const path = `/proc/${pid}/task/${pid}/schedstat`;
  if (!existsSync(path)) return null;
  const [onCpu = ''] = readFileSync(path, 'utf8').trim().split(/\s+/);
  return Number(onCpu) / 1e6;
}

/** A GET over its own keep-alive connection: status and body length (the body is read, not decoded). */
export interface Connection {
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; bytes: number }>;
  close(): void;
}

export function connection(port: number): Connection {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: (path, headers = {}) =>
      new Promise((resolve, reject) => {
        const sent = request({ host: '127.0.0.1', port, path, agent, headers }, (answer) => {
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => {
            bytes += chunk.byteLength;
          });
          answer.once('end', () => resolve({ status: answer.statusCode ?? 0, bytes }));
          answer.once('error', reject);
        });
        sent.once('error', reject);
        sent.end();
      }),
    close: () => agent.destroy(),
  };
}

/** One health check: its round trip, and how long the server's event loop ran on a CPU meanwhile (ms). */
export interface HealthSample {
  readonly wallMs: number;
  /** Null where the system keeps no per-thread CPU time. */
  readonly serverCpuMs: number | null;
}

/**
 * Polls `GET /api/data/health` on its own connection until stopped. Each sample keeps, beside the round
 * trip, the CPU time the server's main thread had meanwhile: a request held up by work on the event loop
 * waits while that thread runs, while on a machine busy with other processes the round trip also counts
 * the time the server waited for a CPU at all, which says nothing of the server's own code.
 */
export function pollHealth(port: number, serverPid: number, intervalMs = 20) {
  const samples: HealthSample[] = [];
  const link = connection(port);
  let running = true;
  const done = (async () => {
    while (running) {
      const cpuBefore = mainThreadCpuMs(serverPid);
      const started = performance.now();
      const { status } = await link.get('/api/data/health');
      const wallMs = performance.now() - started;
      const cpuAfter = mainThreadCpuMs(serverPid);
      if (status !== 200) throw new Error(`health answered ${status}`);
      samples.push({
        wallMs,
        serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      });
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    link.close();
  })();
  return {
    samples,
    async stop(): Promise<HealthSample[]> {
      running = false;
      await done;
      return samples;
    },
  };
}

/** The `p`-th percentile (0–100) of some numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
