import { describe, expect, it } from 'vitest';
import { derivedKey, newMediaKey, ownerOfKey } from './keys';

const user = '0b7c1f6e-8d7a-4c4e-9f55-2a1d3c4b5e6f';

describe('newMediaKey', () => {
  it('puts the file under its owner as {timestamp}-{random}.{ext}', () => {
    const key = newMediaKey(user, 'mp4', 1_700_000_000_000);
    expect(key).toMatch(new RegExp(`^${user}/1700000000000-[0-9a-f]{12}\\.mp4$`));
    expect(ownerOfKey(key)).toBe(user);
  });

  it('refuses anything but a user id and a plain extension', () => {
    expect(() => newMediaKey('../etc', 'mp4')).toThrow();
    expect(() => newMediaKey(user, 'mp4/../../x')).toThrow();
  });
});

describe('derivedKey', () => {
  it('shares the stem of the original', () => {
    expect(derivedKey(`${user}/1-abc.mov`, 'proxy', 'mp4')).toBe(`${user}/1-abc.proxy.mp4`);
  });
});
