import { describe, expect, it } from 'vitest';
import { safeFileName, stripUnsafeNameCharacters } from './names';

describe('stripUnsafeNameCharacters', () => {
  it('removes bidi overrides, isolates, direction marks and controls, and keeps every other letter', () => {
    expect(stripUnsafeNameCharacters('clip\u202Egpj.exe')).toBe('clipgpj.exe');
    const unsafe = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u0000', '\u001f', '\u007f', '\u0085', '\u009f', '\n', '\t'];
    for (const character of unsafe) expect(stripUnsafeNameCharacters(`a${character}b`), `U+${character.charCodeAt(0).toString(16)}`).toBe('ab');
    expect(stripUnsafeNameCharacters('Été à Tōkyō — שלום 東京 😀')).toBe('Été à Tōkyō — שלום 東京 😀');
  });
});

describe('stripUnsafeNameCharacters with invisible characters', () => {
  it('removes zero-width spaces, word joiners and byte-order marks, and keeps joiners only between visible characters', () => {
    for (const character of ['\u200B', '\u2060', '\u2063', '\uFEFF', '\u180E']) expect(stripUnsafeNameCharacters(`clip${character}.mp4`)).toBe('clip.mp4');
    expect(stripUnsafeNameCharacters('\u200Dclip\u200C .mp4')).toBe('clip .mp4');
    // A family emoji and a Persian word hold joiners between visible characters: kept.
    expect(stripUnsafeNameCharacters('👨\u200D👩\u200D👧 می\u200Cخواهم')).toBe('👨\u200D👩\u200D👧 می\u200Cخواهم');
  });
});

describe('safeFileName', () => {
  it('never leaves a Windows reserved device name before the first dot, whatever follows', () => {
    expect(safeFileName('nul.txt-film-noir.mp4')).toBe('_nul.txt-film-noir.mp4');
    expect(safeFileName('CON')).toBe('_CON');
    expect(safeFileName('com1 .mov')).toBe('_com1.mov');
    expect(safeFileName('lpt\u00b9.zip')).toBe('_lpt\u00b9.zip');
    expect(safeFileName('Aux.tar.gz')).toBe('_Aux.tar.gz');
    expect(safeFileName('console.mp4')).toBe('console.mp4');
    expect(safeFileName('nullify.mp4')).toBe('nullify.mp4');
  });

  it('replaces path and reserved characters, drops hidden-file dots, trailing dots and spaces, and invisible characters', () => {
    expect(safeFileName('../a/b\\c:d*e?f"g<h>i|j.mp4')).toBe('_a_b_c_d_e_f_g_h_i_j.mp4');
    expect(safeFileName('...hidden')).toBe('hidden');
    expect(safeFileName('clip. . ')).toBe('clip');
    expect(safeFileName('cl\u200Bip\uFEFF.mp4')).toBe('clip.mp4');
    expect(safeFileName('   ', { fallback: 'export' })).toBe('export');
  });

  it('keeps the extension when it shortens a long name, and never cuts a character in two', () => {
    const long = safeFileName(`${'😀'.repeat(200)}.mp4`, { maxLength: 20 });
    expect(long).toBe(`${'😀'.repeat(16)}.mp4`);
    expect(Array.from(long)).toHaveLength(20);
  });
});
