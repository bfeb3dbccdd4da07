import { BOOKS } from './books';
import { LEARNING_PATHS } from './learning-paths';
import { RESOURCES } from './resources';
import { TUTORIALS } from './tutorials';
import type { Book, ReadingReference, Resource, Tutorial } from './types';

export function findBook(id: string): Book | undefined {
  return BOOKS.find((book) => book.id === id);
}

export function findResource(id: string): Resource | undefined {
  return RESOURCES.find((resource) => resource.id === id);
}

export function findTutorial(title: string): Tutorial | undefined {
  return TUTORIALS.find((tutorial) => tutorial.title === title);
}

/** Where a learning module's reading is, in words: "Book title, chapter 4" or the article's title. */
export function describeReading(reference: ReadingReference): string | undefined {
  if ('resourceId' in reference) return findResource(reference.resourceId)?.title;
  const book = findBook(reference.bookId);
  const chapter = book?.tableOfContents[reference.chapter - 1];
  return book && chapter ? `${book.title}, chapter ${reference.chapter}: ${chapter.chapter}` : undefined;
}

/**
 * The chapter or article that teaches a video tutorial's topic: the reading of the learning-path
 * module built on that tutorial. The tutorials have no video, so this is what their button opens.
 */
export function tutorialReading(title: string): ReadingReference | undefined {
  return LEARNING_PATHS.flatMap((path) => path.modules).find((module) => module.tutorial === title && module.reading)?.reading;
}
