import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes';

const SOURCE_DIR = join(__dirname, '..');
/**
 * `code: 'X'` in an error body, or the code argument of the error helpers (domain-error.ts, InvalidTokenError, the
 * 413 filter's second).
 */
const THROWN_CODE = [
  /\bcode:\s*'([A-Z][A-Z0-9_]+)'/g,
  /\bpayloadTooLarge\('[^']*',\s*'([A-Z][A-Z0-9_]+)'\)/g,
  /\b(?:notFound|badRequest|conflict|forbidden|DomainError|InvalidTokenError)\(\s*'([A-Z][A-Z0-9_]+)'/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function thrownCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles(SOURCE_DIR)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of THROWN_CODE) for (const match of text.matchAll(pattern)) codes.add(match[1]);
  }
  return codes;
}

describe('error codes', () => {
  const thrown = thrownCodes();
  const documented = Object.keys(ERROR_CODES);

  it('finds the codes the backend throws (the scan itself works)', () => {
    expect(thrown.size).toBeGreaterThanOrEqual(38);
    for (const code of [
      'MALFORMED_INPUT',
      'INVALID_INPUT',
      'IMAGE_EMPTY',
      'IMAGE_TOO_MANY_PIXELS',
      'BUSY',
      'VERSION_CONFLICT',
      'SESSION_REQUIRED',
    ]) {
      expect(thrown).toContain(code);
    }
  });

  it('documents every code the backend throws in ERROR_CODES (the ErrorDto.code enum)', () => {
    expect([...thrown].filter((code) => !documented.includes(code)).sort()).toEqual([]);
  });

  it('documents no code that nothing throws', () => {
    expect(documented.filter((code) => !thrown.has(code)).sort()).toEqual([]);
  });
});
