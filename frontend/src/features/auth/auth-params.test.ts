import { describe, expect, it } from 'vitest';
import { formFailureOf, tabOf } from './auth-params';

const params = (query: string) => new URLSearchParams(query);

describe('/auth addresses (the forms posted without JavaScript come back to them)', () => {
  it('reads the tab the address asks for, known tabs only', () => {
    expect(tabOf(params('tab=register'))).toBe('register');
    expect(tabOf(params('tab=login'))).toBe('login');
    expect(tabOf(params('tab=admin'))).toBeUndefined();
    expect(tabOf(params(''))).toBeUndefined();
  });

  it("reads what failed: the form's own fields and the API's error codes, nothing else", () => {
    expect(formFailureOf(params('tab=register&invalid=username,email,evil'))).toEqual({
      tab: 'register',
      invalid: ['username', 'email'],
      error: undefined,
    });
    expect(formFailureOf(params('tab=login&invalid=email'))).toBeUndefined();
    expect(formFailureOf(params('tab=login&error=INVALID_CREDENTIALS'))).toEqual({
      tab: 'login',
      invalid: [],
      error: 'INVALID_CREDENTIALS',
    });
    expect(formFailureOf(params('tab=register&error=<script>'))).toBeUndefined();
    expect(formFailureOf(params('tab=register&error=constructor'))).toBeUndefined();
    expect(formFailureOf(params('error=USER_TAKEN'))).toBeUndefined();
  });
});
