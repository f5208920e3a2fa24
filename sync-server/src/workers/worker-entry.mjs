// Where every pool worker starts, in plain JavaScript. A worker thread inherits neither vitest's module
// runner nor (on Node 20) the ESM hooks of `node --import tsx`, so it registers tsx itself before it
// loads any of our TypeScript modules.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./worker-runner.ts');

export default runTask;
