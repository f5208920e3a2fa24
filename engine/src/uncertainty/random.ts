/**
 * A seeded generator for the Monte Carlo (docs/model.md, uncertainty): xoshiro128** (Blackman and Vigna,
 * "Scrambled linear pseudorandom number generators", 2018; public domain), its state filled from the seed
 * by splitmix32. 32-bit integer arithmetic only, so the same seed gives the same numbers in every engine;
 * the normal draws use Math.log, Math.sqrt and Math.cos, which V8 computes alike in Node and Chromium.
 */
export interface SeededRandom {
  /** Uniform on [0, 1), 32 bits. */
  uniform(): number;
  /** Standard normal (Box–Muller; the second value of each pair is kept for the next call). */
  normal(): number;
}

/** The seeds a person may type: whole numbers 0 … 2³² − 1. */
export const MAX_SEED = 0xffffffff;

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

export function seededRandom(seed: number): SeededRandom {
  const fill = splitmix32(seed);
  let a = fill();
  let b = fill();
  let c = fill();
  let d = fill();
  const next = () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  const uniform = () => next() / 0x100000000;
  let spare: number | null = null;
  return {
    uniform,
    normal() {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return value;
      }
      // 1 − u lies in (0, 1], so the logarithm is finite.
      const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
      const angle = 2 * Math.PI * uniform();
      spare = radius * Math.sin(angle);
      return radius * Math.cos(angle);
    },
  };
}
