import { describe, expect, it } from 'vitest';
import { FileSigner } from './signed-urls';

describe('FileSigner', () => {
  const signer = new FileSigner('a secret of the right sort of length!!');
  const token = (url: string) => url.replace('/api/files/', '');

  it('grants the key to its owner until the link expires', () => {
    const url = signer.url({ key: 'u/1-a.mp4', userId: 'u', downloadName: 'clip.mp4' }, 60, 1_000_000);
    expect(signer.verify(token(url), 1_000_000 + 59_000)).toEqual({ ok: true, grant: { key: 'u/1-a.mp4', userId: 'u', expiresAt: 1060, downloadName: 'clip.mp4' } });
    expect(signer.verify(token(url), 1_000_000 + 61_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a tampered payload, a foreign signature and garbage', () => {
    const url = token(signer.url({ key: 'u/1-a.mp4', userId: 'u' }));
    const [payload = '', signature = ''] = url.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'v/other.mp4', u: 'u', e: 9e9 })).toString('base64url');
    expect(signer.verify(`${forged}.${signature}`).ok).toBe(false);
    expect(new FileSigner('another secret entirely, also long').verify(url).ok).toBe(false);
    expect(signer.verify(`${payload}`).ok).toBe(false);
    expect(signer.verify('').ok).toBe(false);
  });
});
