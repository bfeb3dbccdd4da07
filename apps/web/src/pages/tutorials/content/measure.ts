import type { Book, BookChapter } from './types';

/**
 * Reading times and page counts are measured from the text itself, so a chapter never claims to
 * be longer than it is. Technical prose that is studied, not skimmed, reads at about 150 words a
 * minute; a printed page holds about 250 words of it.
 */
export const WORDS_PER_MINUTE = 150;
export const WORDS_PER_PAGE = 250;

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(countWords(text) / WORDS_PER_MINUTE));
}

export function readTime(text: string): string {
  return formatMinutes(readingMinutes(text));
}

/** A chapter as written: its title, topics and text. Pages and reading time are measured. */
export interface ChapterDraft {
  chapter: string;
  topics: readonly string[];
  content: string;
}

export type BookDetails = Omit<Book, 'pages' | 'chapters' | 'readTime' | 'tableOfContents'>;

/** Lays the chapters out on consecutive pages and totals the book's pages and reading time. */
export function defineBook(details: BookDetails, drafts: readonly ChapterDraft[]): Book {
  let nextPage = 1;
  const tableOfContents: BookChapter[] = drafts.map((draft) => {
    const length = Math.max(1, Math.ceil(countWords(draft.content) / WORDS_PER_PAGE));
    const pages = [nextPage, nextPage + length - 1] as const;
    nextPage += length;
    return { ...draft, pages, readTime: readTime(draft.content) };
  });
  const minutes = drafts.reduce((sum, draft) => sum + readingMinutes(draft.content), 0);
  return {
    ...details,
    pages: nextPage - 1,
    chapters: tableOfContents.length,
    readTime: formatMinutes(minutes),
    tableOfContents,
  };
}
