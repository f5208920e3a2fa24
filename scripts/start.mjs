// `npm start`: builds what is missing, then serves app + API on http://127.0.0.1:8787 (PORT, HOST override).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pwaBuilt = existsSync(new URL('../pwa/dist/index.html', import.meta.url));
const pwaSource = existsSync(new URL('../pwa/index.html', import.meta.url));

if (!pwaBuilt && pwaSource) {
  console.log('构建前端（首次启动）…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 1);
