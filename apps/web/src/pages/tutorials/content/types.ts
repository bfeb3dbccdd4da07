/**
 * The static content records (tutorial, resource, book, learning path). Every record is fixed
 * data in the web app; nothing is fetched (docs/product-rules.md, 'Static pages').
 *
 * Long text (`fullContent`, a chapter's `content`) is written in the small article format of
 * `../article-format.ts`: `##` and `###` headings, `-` and `1.` lists, `>` notes, `~~~` code
 * blocks and paragraphs separated by blank lines.
 */

export const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Level = (typeof LEVELS)[number];

export type TutorialType = 'Fundamentals' | 'Technique' | 'Workflow';

export interface Tutorial {
  title: string;
  /** Running time as minutes:seconds. */
  duration: string;
  level: Level;
  description: string;
  type: TutorialType;
}

export type ResourceType = 'Guide' | 'Reference' | 'Workflow';

export interface Resource {
  id: string;
  title: string;
  type: ResourceType;
  readTime: string;
  description: string;
  fullContent: string;
}

export interface BookChapter {
  /** The chapter's title; its number is its position in the table of contents. */
  chapter: string;
  /** First and last page of the chapter. */
  pages: readonly [number, number];
  topics: readonly string[];
  readTime: string;
  content: string;
}

export interface Book {
  id: string;
  title: string;
  subtitle: string;
  author: string;
  published: string;
  description: string;
  pages: number;
  chapters: number;
  readTime: string;
  difficulty: Level;
  /** A Cinegrade catalogue reference in the shape of an ISBN; not a registered ISBN. */
  isbn: string;
  coverColor: string;
  tableOfContents: readonly BookChapter[];
}

/** Where a module's reading lives: a chapter of a book (1-based) or an educational resource. */
export type ReadingReference = { bookId: string; chapter: number } | { resourceId: string };

export interface LearningModule {
  title: string;
  summary: string;
  minutes: number;
  /** The title of one of the video tutorials on this page, when the module has one. */
  tutorial?: string;
  reading?: ReadingReference;
}

export interface LearningPath {
  id: string;
  title: string;
  description: string;
  duration: string;
  /** How many of the page's video tutorials the path uses. */
  tutorials: number;
  level: Level;
  modules: readonly LearningModule[];
}
