// `npm test`: Biome, tsc and every vitest project of vite.config.ts, in two lanes side by side, each line of
// output prefixed with its lane (docs/architecture.md, "Tests"). One lane runs, one file at a time, the files
// that must not share the machine with one another (server processes, health within a bound under load, the
// browser); the other runs Biome, tsc and then everything else on the remaining cores. Exits non-zero when
// any step of either lane fails; a lane stops at its first failing step.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = (...args) => ['npx', 'vitest', 'run', ...args];

const LANES = [
  { name: 'serial', steps: [vitest('--project', 'sync-server-serial', '--project', 'e2e')] },
  {
    name: 'parallel',
    steps: [
      ['npx', 'biome', 'check', '.'],
      ['npx', 'tsc', '-b'],
      vitest(
        ...['engine', 'scripts', 'pwa', 'sync-server'].flatMap((project) => ['--project', project]),
        // The serial lane keeps one core busy.
        `--maxWorkers=${Math.max(1, availableParallelism() - 1)}`,
      ),
    ],
  },
];

/** Runs one step with its output prefixed by the lane's name; resolves to its exit code. */
function run(lane, [command, ...args]) {
  return new Promise((resolve) => {
    console.log(`[${lane}] $ ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${lane}] ${line}`));
    }
    child.once('error', (error) => {
      console.error(`[${lane}] 无法运行 ${command}：${error.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runLane({ name, steps }) {
  for (const step of steps) {
    const code = await run(name, step);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all(LANES.map(runLane));
// exitCode, not exit(): output still in a pipe is written first.
process.exitCode = codes.find((code) => code !== 0) ?? 0;
