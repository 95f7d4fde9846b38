import { describe, expect, it } from 'vitest';
import { validateForgot, validateLogin, validateRegister, validateReset } from './validation';

describe('auth validation (SPEC §5)', () => {
  it('login needs an identifier and a 6-character password', () => {
    expect(validateLogin({ username: ' ', password: '12345' })).toEqual({
      username: 'البريد الإلكتروني أو اسم المستخدم مطلوب',
      password: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل',
    });
    expect(validateLogin({ username: 'a', password: '123456' })).toEqual({});
  });
  it('register checks username ≥3, email, password ≥6, name ≥2', () => {
    const errors = validateRegister({ username: 'ab', email: 'nope', password: '1', name: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password', 'username']);
    expect(errors.name).toBe('الاسم يجب أن يكون على الأقل حرفين');
    expect(validateRegister({ username: 'abc', email: 'a@b.co', password: '123456', name: 'عل' })).toEqual({});
  });
  it('register asks for the setup code only when the first account needs one', () => {
    const valid = { username: 'abc', email: 'a@b.co', password: '123456', name: 'عل' };
    expect(validateRegister({ ...valid, setupCode: ' ' }, { setupCodeRequired: true })).toEqual({ setupCode: 'رمز الإعداد مطلوب' });
    expect(validateRegister({ ...valid, setupCode: 'ABCD-EFGH-JKMN' }, { setupCodeRequired: true })).toEqual({});
    expect(validateRegister({ ...valid, setupCode: '' })).toEqual({});
  });
  it('forgot password needs a valid email', () => {
    expect(validateForgot({ email: 'x@' }).email).toBeDefined();
    expect(validateForgot({ email: 'x@y.org' })).toEqual({});
  });
  it('reset needs 6 characters and a matching confirmation', () => {
    expect(validateReset({ password: '123456', confirm: '123457' })).toEqual({ confirm: 'كلمات المرور غير متطابقة' });
    expect(validateReset({ password: '123', confirm: '123' }).password).toBeDefined();
  });
});
