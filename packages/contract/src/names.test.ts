import { describe, expect, it } from 'vitest';
import { stripUnsafeNameCharacters } from './names';

describe('stripUnsafeNameCharacters', () => {
  it('removes bidi overrides, isolates, direction marks and controls, and keeps every other letter', () => {
    expect(stripUnsafeNameCharacters('clip\u202Egpj.exe')).toBe('clipgpj.exe');
    const unsafe = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u0000', '\u001f', '\u007f', '\u0085', '\u009f', '\n', '\t'];
    for (const character of unsafe) expect(stripUnsafeNameCharacters(`a${character}b`), `U+${character.charCodeAt(0).toString(16)}`).toBe('ab');
    expect(stripUnsafeNameCharacters('Été à Tōkyō — שלום 東京 😀')).toBe('Été à Tōkyō — שלום 東京 😀');
  });
});
