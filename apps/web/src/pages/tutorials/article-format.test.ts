import { describe, expect, it } from 'vitest';
import { parseArticle, parseInline } from './article-format';

describe('parseArticle', () => {
  it('reads headings, paragraphs, lists, notes and code blocks in order', () => {
    const source = `
      ## Why balance first
      A look multiplies what is under it.
      Balance the shot first.

      ### The order
      1. Exposure
      2. White balance
      - blacks
      - whites

      > Judge skin last.
      > Then grade.
      ~~~
      LUT_3D_SIZE 2
        0.0 0.0 0.0
      ~~~
      Done.`;
    expect(parseArticle(source)).toEqual([
      { kind: 'heading', depth: 1, text: 'Why balance first' },
      { kind: 'paragraph', text: 'A look multiplies what is under it. Balance the shot first.' },
      { kind: 'heading', depth: 2, text: 'The order' },
      { kind: 'list', ordered: true, items: ['Exposure', 'White balance'] },
      { kind: 'list', ordered: false, items: ['blacks', 'whites'] },
      { kind: 'note', text: 'Judge skin last. Then grade.' },
      { kind: 'code', lines: ['LUT_3D_SIZE 2', '  0.0 0.0 0.0'] },
      { kind: 'paragraph', text: 'Done.' },
    ]);
  });

  it('returns nothing for empty text and closes an unterminated code block at the end', () => {
    expect(parseArticle('\n  \n')).toEqual([]);
    expect(parseArticle('~~~\nTITLE "x"')).toEqual([{ kind: 'code', lines: ['TITLE "x"'] }]);
  });

  it('keeps a single # line and a number without a dot as paragraph text', () => {
    expect(parseArticle('# not a heading\n2024 was a year')).toEqual([{ kind: 'paragraph', text: '# not a heading 2024 was a year' }]);
  });
});

describe('parseInline', () => {
  it('marks **strong** spans and leaves unpaired markers alone', () => {
    expect(parseInline('Set **black** then **white** point')).toEqual([
      { strong: false, text: 'Set ' },
      { strong: true, text: 'black' },
      { strong: false, text: ' then ' },
      { strong: true, text: 'white' },
      { strong: false, text: ' point' },
    ]);
    expect(parseInline('a ** b')).toEqual([{ strong: false, text: 'a ** b' }]);
    expect(parseInline('')).toEqual([]);
  });
});
