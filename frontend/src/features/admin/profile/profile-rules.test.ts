import { describe, expect, it } from 'vitest';
import { validateProfile } from './profile-rules';

describe('validateProfile', () => {
  it('needs at least two characters', () => {
    expect(validateProfile(' a ', 'short')).toBe('short');
    expect(validateProfile('أح', 'short')).toBeNull();
  });
});
