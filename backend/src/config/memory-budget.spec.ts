import { describe, expect, it } from 'vitest';
import { containerLimitMb, memoryBudget } from './memory-budget';

describe('memoryBudget', () => {
  it('takes half of a container, at least what the app needs, and what the app leaves goes to pages', () => {
    expect(memoryBudget({ machineMb: 24_000, containerMb: 1024 })).toMatchObject({
      availableMb: 1024,
      limitedBy: 'container',
      totalMb: 320,
      pagesMb: 16,
    });
    expect(memoryBudget({ machineMb: 24_000, containerMb: 512 })).toMatchObject({ totalMb: 304, pagesMb: 0 });
  });

  it('never plans for more than 320 MB unless told to, however big the machine', () => {
    expect(memoryBudget({ machineMb: 24_000 })).toMatchObject({ limitedBy: 'machine', totalMb: 320, pagesMb: 16 });
    expect(memoryBudget({ machineMb: 24_000, totalMb: 1024 })).toMatchObject({ totalMb: 1024, pagesMb: 128 });
  });

  it('keeps no pages in memory on a machine too small for them, and keeps PAGE_MEMORY_MB as given', () => {
    expect(memoryBudget({ machineMb: 24_000, containerMb: 300 })).toMatchObject({ totalMb: 304, pagesMb: 0 });
    expect(memoryBudget({ machineMb: 24_000, pagesMb: 0 })).toMatchObject({ pagesMb: 0 });
    expect(memoryBudget({ machineMb: 24_000, pagesMb: 500 })).toMatchObject({ pagesMb: 500 });
  });
});

describe('containerLimitMb', () => {
  const files = (contents: Record<string, string>) => (file: string) => {
    if (!(file in contents)) throw new Error(`ENOENT: ${file}`);
    return contents[file];
  };

  it('reads cgroup v2, then v1, and takes "max" or a v1 "no limit" as no limit', () => {
    expect(containerLimitMb(files({ '/sys/fs/cgroup/memory.max': '536870912\n' }))).toBe(512);
    expect(containerLimitMb(files({ '/sys/fs/cgroup/memory.max': 'max\n' }))).toBeUndefined();
    expect(containerLimitMb(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '1073741824' }))).toBe(1024);
    expect(containerLimitMb(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712' }))).toBeUndefined();
    expect(containerLimitMb(files({}))).toBeUndefined();
  });
});
