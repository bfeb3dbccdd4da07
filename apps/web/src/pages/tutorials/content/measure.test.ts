import { describe, expect, it } from 'vitest';
import { countWords, defineBook, formatMinutes, readingMinutes, WORDS_PER_MINUTE, WORDS_PER_PAGE } from './measure';

const words = (count: number) => Array.from({ length: count }, () => 'grade').join(' ');

describe('countWords', () => {
  it('counts words and ignores markup such as list dashes and heading marks', () => {
    expect(countWords('## The tone curve\n- lift\n- gamma 2.4\n\n> set **black** first')).toBe(9);
    expect(countWords('   ')).toBe(0);
  });
});

describe('formatMinutes', () => {
  it('writes minutes, hours, and both', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(270)).toBe('4 h 30 min');
  });
});

describe('readingMinutes', () => {
  it('rounds to whole minutes and never says 0', () => {
    expect(readingMinutes('short')).toBe(1);
    expect(readingMinutes(words(WORDS_PER_MINUTE * 3))).toBe(3);
  });
});

describe('defineBook', () => {
  it('numbers pages consecutively and totals pages, chapters and reading time', () => {
    const book = defineBook(
      { id: 'b', title: 'T', subtitle: 'S', author: 'A', published: '2024', description: 'D', difficulty: 'Beginner', isbn: 'CG', coverColor: '#000000' },
      [
        { chapter: 'One', topics: [], content: words(WORDS_PER_PAGE + 1) },
        { chapter: 'Two', topics: [], content: words(10) },
      ],
    );
    expect(book.tableOfContents.map((entry) => entry.pages)).toEqual([
      [1, 2],
      [3, 3],
    ]);
    expect(book.pages).toBe(3);
    expect(book.chapters).toBe(2);
    expect(book.readTime).toBe(formatMinutes(readingMinutes(words(WORDS_PER_PAGE + 1)) + 1));
  });
});
