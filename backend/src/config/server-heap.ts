import { processMemoryBudget } from './memory-budget';

/**
 * Imported first by main.ts, before the app's code loads: the serving thread's V8 heap limit can only be set when the
 * process starts, so a server started without it (`node backend/dist/main.js`, `npm start`) replaces itself, same
 * PID, same arguments, same signals (process.execve), with one that has it (and malloc's arenas bounded). A limit given by hand (node
 * --max-old-space-size, NODE_OPTIONS) is kept. Where execve is missing (Windows) the server runs with V8's default.
 */
const HEAP_FLAG = '--max-old-space-size';

/** A whole number of MB from the environment, or undefined (loadConfig reports a wrong value later). */
function megabytes(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

export function serverHeapFlags(env: NodeJS.ProcessEnv): string[] {
  const budget = processMemoryBudget({ totalMb: megabytes(env.MEMORY_MB), pagesMb: megabytes(env.PAGE_MEMORY_MB) });
  return [`${HEAP_FLAG}=${budget.serverHeapMb}`, `--max-semi-space-size=${budget.semiSpaceMb}`];
}

const limitGiven = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) => flag.startsWith(HEAP_FLAG));
if (!limitGiven && typeof process.execve === 'function' && process.env.NODE_ENV !== 'test') {
  // glibc gives each thread that allocates (the render worker, zlib's and SQLite's pool threads) an arena of its own,
  // each growing to what its busiest moment needed; two are enough for a server that renders on one thread. Blocks of
  // 32 KB and more (a page's HTML, inflated for a client without gzip) are mapped and unmapped on their own instead of
  // fragmenting the arenas, which kept ~20 MB more resident after such a crawl.
  const env = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768', ...process.env };
  process.execve(process.execPath, [process.execPath, ...serverHeapFlags(process.env), ...process.execArgv, ...process.argv.slice(1)], env);
}
