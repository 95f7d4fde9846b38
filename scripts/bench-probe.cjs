// Loaded into the app by `npm run bench` (NODE_OPTIONS=--require), never in production: measures the serving thread's
// event loop delay (perf_hooks.monitorEventLoopDelay) and the process's resident memory (all its threads). On SIGUSR2
// it writes what it measured since the last signal (loop delay p50, p99 and max in ms; peak resident memory in MB,
// sampled every 100 ms; the kernel's VmHWM, the peak since the process began) to BENCH_PROBE_FILE, numbered, and
// starts a new window. A signal and a file, not IPC: the server replaces itself at start (config/server-heap.ts).
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { readFileSync, renameSync, writeFileSync } = require('node:fs');

const file = process.env.BENCH_PROBE_FILE;
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
let windowPeakKb = 0;
let reads = 0;

function statusKb(field) {
  const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(match?.[1] ?? 0);
}

const sampler = setInterval(() => {
  windowPeakKb = Math.max(windowPeakKb, statusKb('VmRSS'));
}, 100);
sampler.unref();

const ms = (nanoseconds) => Math.round(nanoseconds / 1e5) / 10;
const mb = (bytes) => Math.round(bytes / 2 ** 20);

if (file && require('node:worker_threads').isMainThread) {
  process.on('SIGUSR2', () => {
    windowPeakKb = Math.max(windowPeakKb, statusKb('VmRSS'));
    const measured = {
      read: ++reads,
      loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
      rssMb: Math.round(statusKb('VmRSS') / 1024),
      windowPeakMb: Math.round(windowPeakKb / 1024),
      peakMb: Math.round(statusKb('VmHWM') / 1024),
      // the serving thread's share: its V8 heap, and the memory outside it (Buffers)
      heap: Object.fromEntries(Object.entries(process.memoryUsage()).map(([name, bytes]) => [name, mb(bytes)])),
      spaces: Object.fromEntries(
        require('node:v8')
          .getHeapSpaceStatistics()
          .map((space) => [space.space_name, mb(space.space_size)]),
      ),
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(measured));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
    windowPeakKb = statusKb('VmRSS');
  });
}
