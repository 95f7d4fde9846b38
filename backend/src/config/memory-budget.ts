import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';

/**
 * What the server plans to use of memory (docs/decisions/023-memory-budget.md). Without a plan, V8 sizes each heap
 * from the whole machine (4 GB on 24 GB), collects garbage late, and a first fill of 10,000 pages reached 1.2 GB of
 * resident memory, most of it page buffers already dead. So the process takes a budget: its own share of the memory
 * the machine or container gives it, split between the serving thread's heap, the render worker's heap, the pages
 * kept in memory, and what neither V8 nor the pages hold (code, SQLite's cache, sockets, malloc).
 */
export interface MemoryBudget {
  /** What the machine or its container gives the process, in MB, and which of the two said so. */
  availableMb: number;
  limitedBy: 'container' | 'machine';
  /** The whole plan (MEMORY_MB, else half of `availableMb`, at most DEFAULT_MEMORY_MB): what the server stays under. */
  totalMb: number;
  /** Old-generation limit of the serving thread's V8 heap (node --max-old-space-size). */
  serverHeapMb: number;
  /** Old-generation limit of the render worker's V8 heap (Worker resourceLimits). */
  workerHeapMb: number;
  /**
   * Each heap's young generation (node --max-semi-space-size, twice over, and Worker resourceLimits): V8 sizes it
   * from the machine, 128 MB a heap on this 24 GB one, nearly all of it garbage between two scavenges.
   */
  semiSpaceMb: number;
  /** Ready public pages kept in memory in front of the page store (PAGE_MEMORY_MB, else what the plan leaves). */
  pagesMb: number;
}

/** The default plan takes half of what the process is given, and never more than this. */
export const DEFAULT_MEMORY_MB = 320;
/** The least a server runs in: what it uses besides pages kept in memory (266-295 MB at 10,000 posts, issue 23). */
export const MIN_MEMORY_MB = 304;
/**
 * Old-generation limits: well above what each heap holds (the server's ~76 MB at 10,000 posts, more while it reads
 * the lists that grow with the blog, read a batch at a time: at 100,000 posts 96 MB was not enough, and once Fedify
 * came (issue 27) neither was 128 MB, while the sitemap's 100,000 entries were read; a render's ~40 MB), so garbage is
 * collected long before the machine's memory says so and a big moment still fits. Past a limit V8 stops the process
 * (the server) or the worker (replaced, its render retried), so they are not cut closer. Limits, not what is used:
 * the budget's total is what the whole process stays under.
 */
const SERVER_HEAP_MB = 160;
const WORKER_HEAP_MB = 64;
/**
 * 2 MB semi-spaces: a scavenge copies only what survives, so a small young generation costs little CPU, and it frees
 * the Buffers that die young (pages read from the store, or inflated for a client without gzip) before they pile up.
 * Measured against 8 MB (issue 23): 20 MB less at the peak of a first fill and of a crawl without gzip, the same
 * crawl speed and fill rate.
 */
const SEMI_SPACE_MB = 2;
/** The pages kept in memory never take more than this by default: past it, the store answers as fast. */
const MAX_DEFAULT_PAGES_MB = 128;

/** A cgroup's memory limit in MB (v2 memory.max, else v1 memory.limit_in_bytes), undefined when unlimited. */
export function containerLimitMb(read: (file: string) => string = (file) => readFileSync(file, 'utf8')): number | undefined {
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    let text: string;
    try {
      text = read(file).trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    // "max" (v2), or v1's "no limit" (a page-rounded 2^63)
    if (!Number.isFinite(bytes) || bytes <= 0 || bytes >= 2 ** 60) return undefined;
    return Math.floor(bytes / 2 ** 20);
  }
  return undefined;
}

export function memoryBudget(options: {
  machineMb: number;
  containerMb?: number;
  /** MEMORY_MB, when the operator set it. */
  totalMb?: number;
  /** PAGE_MEMORY_MB, when the operator set it (0: no pages in memory). */
  pagesMb?: number;
}): MemoryBudget {
  const limitedBy = options.containerMb !== undefined && options.containerMb < options.machineMb ? 'container' : 'machine';
  const availableMb = limitedBy === 'container' ? (options.containerMb as number) : options.machineMb;
  const totalMb = options.totalMb ?? Math.max(MIN_MEMORY_MB, Math.min(DEFAULT_MEMORY_MB, Math.floor(availableMb / 2)));
  const pagesMb = options.pagesMb ?? Math.min(MAX_DEFAULT_PAGES_MB, totalMb - MIN_MEMORY_MB);
  return {
    availableMb,
    limitedBy,
    totalMb,
    serverHeapMb: SERVER_HEAP_MB,
    workerHeapMb: WORKER_HEAP_MB,
    semiSpaceMb: SEMI_SPACE_MB,
    pagesMb,
  };
}

/** The budget of this process, from the machine, its container and the two settings. */
export function processMemoryBudget(settings: { totalMb?: number; pagesMb?: number }): MemoryBudget {
  return memoryBudget({ machineMb: Math.floor(totalmem() / 2 ** 20), containerMb: containerLimitMb(), ...settings });
}

/** One line for the start-up log: what the process budgets for what. */
export function describeBudget(budget: MemoryBudget): string {
  const { totalMb, availableMb, limitedBy, serverHeapMb, workerHeapMb, pagesMb } = budget;
  return (
    `mudawwana: memory budget ${totalMb} MB of the ${availableMb} MB this ${limitedBy} has: ` +
    `pages in memory ${pagesMb} MB, the rest for the app (its heap at most ${serverHeapMb} MB, the render worker's ${workerHeapMb} MB), code and SQLite`
  );
}
