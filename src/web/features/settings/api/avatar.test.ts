import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@/shared/schemas/avatars';
import { checkAvatarFile } from './avatar';

const file = (size: number, type: string) => new File([new Uint8Array(size)], 'picture', { type });

describe('checkAvatarFile', () => {
  it('accepts an image under 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic']) {
      expect(checkAvatarFile(file(1000, type))).toBeNull();
    }
    expect(checkAvatarFile(file(AVATAR_MAX_BYTES, 'image/png'))).toBeNull();
  });

  it('refuses anything not declared as an image, and 5 MB or more, with the spec’s texts', () => {
    for (const type of ['', 'text/plain', 'application/pdf', 'video/mp4']) {
      expect(checkAvatarFile(file(10, type))).toBe('Please select an image file');
    }
    expect(checkAvatarFile(file(5 * 1024 * 1024, 'image/jpeg'))).toBe('File size must be less than 5MB');
  });
});
