/**
 * The tutorials reader: the overview, a resource reader or a book's chapter
 * reader. The chapter index starts at 0 and is clamped to the book's chapters at both ends.
 */
export type ReaderState =
  | { view: 'overview' }
  | { view: 'resource'; resourceId: string }
  | { view: 'book'; bookId: string; chapterIndex: number; chapterCount: number; contentsOpen: boolean };

export type ReaderAction =
  | { type: 'openResource'; resourceId: string }
  | { type: 'openBook'; bookId: string; chapterCount: number; chapterIndex?: number }
  | { type: 'previousChapter' }
  | { type: 'nextChapter' }
  | { type: 'goToChapter'; chapterIndex: number }
  | { type: 'toggleContents' }
  | { type: 'close' };

export const OVERVIEW: ReaderState = { view: 'overview' };

/** The nearest chapter index in 0 … count − 1 (0 for a book without chapters or a bad index). */
export function clampChapterIndex(index: number, count: number): number {
  if (!Number.isFinite(index) || count < 1) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

/** Percent read on reaching a chapter: its number over the total. */
export function chapterProgressPercent(index: number, count: number): number {
  if (count < 1) return 0;
  return Math.round(((clampChapterIndex(index, count) + 1) / count) * 100);
}

export function readerReducer(state: ReaderState, action: ReaderAction): ReaderState {
  switch (action.type) {
    case 'openResource':
      return { view: 'resource', resourceId: action.resourceId };
    case 'openBook':
      return {
        view: 'book',
        bookId: action.bookId,
        chapterCount: action.chapterCount,
        chapterIndex: clampChapterIndex(action.chapterIndex ?? 0, action.chapterCount),
        contentsOpen: false,
      };
    case 'close':
      return OVERVIEW;
    case 'previousChapter':
    case 'nextChapter':
    case 'goToChapter':
    case 'toggleContents':
      return state.view === 'book' ? bookReducer(state, action) : state;
  }
}

type BookState = Extract<ReaderState, { view: 'book' }>;
type BookAction = Extract<ReaderAction, { type: 'previousChapter' | 'nextChapter' | 'goToChapter' | 'toggleContents' }>;

function bookReducer(state: BookState, action: BookAction): BookState {
  switch (action.type) {
    case 'previousChapter':
      return { ...state, chapterIndex: clampChapterIndex(state.chapterIndex - 1, state.chapterCount) };
    case 'nextChapter':
      return { ...state, chapterIndex: clampChapterIndex(state.chapterIndex + 1, state.chapterCount) };
    case 'goToChapter':
      // Jumping from the table of contents also folds it away, so the chapter is what one sees.
      return { ...state, chapterIndex: clampChapterIndex(action.chapterIndex, state.chapterCount), contentsOpen: false };
    case 'toggleContents':
      return { ...state, contentsOpen: !state.contentsOpen };
  }
}
