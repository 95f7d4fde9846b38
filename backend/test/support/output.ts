/** Everything this process writes to stdout and stderr (the app's log) from now until `restore`. */
export function captureOutput(): { text: () => string; restore: () => void } {
  const chunks: string[] = [];
  const originals = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  const tap = (original: typeof process.stdout.write) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
  process.stdout.write = tap(originals.out);
  process.stderr.write = tap(originals.err);
  return {
    text: () => chunks.join(''),
    restore: () => {
      process.stdout.write = originals.out;
      process.stderr.write = originals.err;
    },
  };
}
