import { describe, expect, it } from 'vitest';
import { isLocalUrl, newSetupCode } from './setup-code';

describe('isLocalUrl: whether only this machine can reach the blog', () => {
  it.each([
    undefined,
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://blog.localhost:8080',
    'http://127.0.0.1',
    'http://127.8.9.10:3000',
    'http://[::1]:3000',
  ])('%s is local', (url) => {
    expect(isLocalUrl(url)).toBe(true);
  });

  it.each([
    'https://blog.example.com',
    'http://192.168.1.10:3000',
    'http://10.0.0.2',
    'http://[2001:db8::1]',
    'http://localhost.example.com',
    'http://128.0.0.1',
  ])('%s is not', (url) => {
    expect(isLocalUrl(url)).toBe(false);
  });
});

describe('newSetupCode', () => {
  it('is three groups of four unambiguous symbols, different each time', () => {
    const codes = new Set(Array.from({ length: 50 }, newSetupCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  });
});
