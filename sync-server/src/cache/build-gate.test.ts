import { describe, expect, it } from 'vitest';
import { BuildGate, GateFullError } from './build-gate.ts';

/** A build that ends when the test says so. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { build: () => done, finish };
}

describe('BuildGate', () => {
  it('runs at most `running` builds at once, the next waiting one starting as one ends, in order', async () => {
    const gate = new BuildGate(2, 5);
    const started: number[] = [];
    const builds = [held(), held(), held(), held()];
    const runs = builds.map((build, index) =>
      gate.run(async () => {
        started.push(index);
        await build.build();
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    builds[1]?.finish();
    expect(await runs[1]).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const build of builds) build.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a build at once when as many are waiting as allowed, and frees the slot of a failed build', async () => {
    const gate = new BuildGate(1, 1);
    const first = held();
    const running = gate.run(first.build);
    const waiting = gate.run(async () => 'waited');
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(GateFullError);
    first.finish();
    await running;
    expect(await waiting).toBe('waited');
    await expect(
      gate.run(async () => {
        throw new Error('数据库不可用');
      }),
    ).rejects.toThrow('数据库不可用');
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });
});
