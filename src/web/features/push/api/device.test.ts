import { describe, expect, it } from 'vitest';
import { keyBytes } from './device';

describe("the server's public key for PushManager.subscribe", () => {
  it('decodes base64url without padding into the raw bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(base64url).not.toMatch(/[=+/]/);
    expect([...keyBytes(base64url)]).toEqual([...bytes]);
  });
});
