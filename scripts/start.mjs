// `npm start`: builds what is missing, then serves app + API on http://127.0.0.1:8787 (PORT, HOST override).
// Runs under a supervisor like the server itself: SIGTERM, SIGINT and SIGHUP go on to the child at work
// (the build, then the server, which drains its requests), and this exits with the child's code. The
// server also shuts down when this process dies without passing a signal on (SIGKILL): the IPC channel
// between them closes.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// With STATIC_DIR the server serves a build made elsewhere: nothing to build here.
const pwaBuilt = Boolean(process.env.STATIC_DIR) || existsSync(new URL('../pwa/dist/index.html', import.meta.url));
const pwaSource = existsSync(new URL('../pwa/index.html', import.meta.url));
const FORWARDED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** Runs a command with the signals passed on; resolves to its exit code (128 + the signal's number if killed). */
function run(command, args, { ipc = false } = {}) {
  return new Promise((resolve) => {
    const stdio = ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio });
    const forward = (signal) => child.kill(signal);
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
    child.once('error', (error) => {
      console.error(`无法运行 ${command}：${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      for (const name of FORWARDED_SIGNALS) process.off(name, forward);
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

if (!pwaBuilt && pwaSource) {
  console.log('构建前端（首次启动）…');
  const status = await run('npm', ['run', 'build']);
  if (status !== 0) process.exit(status);
}

process.exit(await run(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], { ipc: true }));
