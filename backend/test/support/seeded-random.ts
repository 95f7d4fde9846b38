/** A seeded source of random choices (mulberry32), so a test's seed (FUZZ_SEED) replays the same run. */
export interface SeededRandom {
  /** An integer in [0, below). */
  int(below: number): number;
  /** One of the items (undefined when there are none). */
  pick<T>(items: readonly T[]): T | undefined;
  /** True with this probability. */
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    int,
    pick: <T>(items: readonly T[]) => (items.length ? items[int(items.length)] : undefined),
    chance: (probability: number) => next() < probability,
  };
}
