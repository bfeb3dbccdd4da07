import { describe, expect, it } from 'vitest';
import { chapterProgressPercent, clampChapterIndex, OVERVIEW, readerReducer, type ReaderAction, type ReaderState } from './reader-state';

function run(state: ReaderState, ...actions: ReaderAction[]): ReaderState {
  return actions.reduce(readerReducer, state);
}

const openTwelve: ReaderAction = { type: 'openBook', bookId: 'book', chapterCount: 12 };

describe('clampChapterIndex', () => {
  it('keeps indexes inside 0 … count − 1', () => {
    expect(clampChapterIndex(0, 12)).toBe(0);
    expect(clampChapterIndex(11, 12)).toBe(11);
    expect(clampChapterIndex(-1, 12)).toBe(0);
    expect(clampChapterIndex(12, 12)).toBe(11);
    expect(clampChapterIndex(99, 15)).toBe(14);
  });

  it('truncates fractions and maps NaN, infinities and empty books to 0', () => {
    expect(clampChapterIndex(3.7, 12)).toBe(3);
    expect(clampChapterIndex(Number.NaN, 12)).toBe(0);
    expect(clampChapterIndex(Number.POSITIVE_INFINITY, 12)).toBe(0);
    expect(clampChapterIndex(2, 0)).toBe(0);
  });
});

describe('chapterProgressPercent', () => {
  it('is the chapter number over the total', () => {
    expect(chapterProgressPercent(0, 12)).toBe(8);
    expect(chapterProgressPercent(5, 12)).toBe(50);
    expect(chapterProgressPercent(11, 12)).toBe(100);
    expect(chapterProgressPercent(0, 15)).toBe(7);
    expect(chapterProgressPercent(14, 15)).toBe(100);
  });

  it('clamps out-of-range indexes and reports 0 for a book without chapters', () => {
    expect(chapterProgressPercent(40, 15)).toBe(100);
    expect(chapterProgressPercent(-3, 15)).toBe(7);
    expect(chapterProgressPercent(0, 0)).toBe(0);
  });
});

describe('readerReducer', () => {
  it('opens a book at chapter index 0 with its contents folded', () => {
    expect(run(OVERVIEW, openTwelve)).toEqual({ view: 'book', bookId: 'book', chapterCount: 12, chapterIndex: 0, contentsOpen: false });
  });

  it('opens a book at a chosen chapter, clamped', () => {
    expect(run(OVERVIEW, { ...openTwelve, chapterIndex: 4 })).toMatchObject({ chapterIndex: 4 });
    expect(run(OVERVIEW, { ...openTwelve, chapterIndex: 30 })).toMatchObject({ chapterIndex: 11 });
  });

  it('stays on the first chapter when going back from it', () => {
    expect(run(OVERVIEW, openTwelve, { type: 'previousChapter' }, { type: 'previousChapter' })).toMatchObject({ chapterIndex: 0 });
  });

  it('moves forward one chapter at a time and stays on the last one', () => {
    const forward = Array.from({ length: 20 }, (): ReaderAction => ({ type: 'nextChapter' }));
    expect(run(OVERVIEW, openTwelve, { type: 'nextChapter' })).toMatchObject({ chapterIndex: 1 });
    expect(run(OVERVIEW, openTwelve, ...forward)).toMatchObject({ chapterIndex: 11 });
    expect(run(OVERVIEW, openTwelve, ...forward, { type: 'previousChapter' })).toMatchObject({ chapterIndex: 10 });
  });

  it('jumps from the table of contents, clamped, and folds the contents away', () => {
    const open = run(OVERVIEW, openTwelve, { type: 'toggleContents' });
    expect(open).toMatchObject({ contentsOpen: true });
    expect(readerReducer(open, { type: 'goToChapter', chapterIndex: 7 })).toMatchObject({ chapterIndex: 7, contentsOpen: false });
    expect(readerReducer(open, { type: 'goToChapter', chapterIndex: -5 })).toMatchObject({ chapterIndex: 0 });
    expect(run(open, { type: 'toggleContents' })).toMatchObject({ contentsOpen: false });
  });

  it('opens and closes a resource', () => {
    const reading = run(OVERVIEW, { type: 'openResource', resourceId: 'cube' });
    expect(reading).toEqual({ view: 'resource', resourceId: 'cube' });
    expect(run(reading, { type: 'close' })).toEqual(OVERVIEW);
  });

  it('ignores chapter actions outside a book', () => {
    const reading: ReaderState = { view: 'resource', resourceId: 'cube' };
    for (const action of [{ type: 'nextChapter' }, { type: 'previousChapter' }, { type: 'goToChapter', chapterIndex: 3 }, { type: 'toggleContents' }] as const) {
      expect(readerReducer(reading, action)).toBe(reading);
      expect(readerReducer(OVERVIEW, action)).toBe(OVERVIEW);
    }
  });
});
