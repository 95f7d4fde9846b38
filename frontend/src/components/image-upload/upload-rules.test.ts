import { describe, expect, it } from 'vitest';
import { checkImageFile, formatBytes, MAX_UPLOAD_BYTES } from './upload-rules';

describe('checkImageFile', () => {
  it('accepts any image type up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/avif', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkImageFile({ type: '', size: 10, name: 'photo.HEIC' })).toBeNull();
  });
  it('refuses bigger files and non-images', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe('too-large');
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('not-image');
    expect(checkImageFile({ type: '', size: 10, name: 'notes.txt' })).toBe('not-image');
  });
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(6 * 1024 * 1024)).toBe('6.0 MB');
  });
});
