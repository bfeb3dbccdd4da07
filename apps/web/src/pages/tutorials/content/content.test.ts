import { describe, expect, it } from 'vitest';
import { parseArticle, type ArticleBlock } from '../article-format';
import { BOOKS } from './books';
import { LEARNING_PATHS } from './learning-paths';
import { describeReading, findTutorial } from './lookup';
import { countWords, formatMinutes } from './measure';
import { RESOURCES } from './resources';
import { TUTORIALS } from './tutorials';
import { LEVELS } from './types';

/** A real piece of teaching: long enough, with headings, at least one list and several paragraphs. */
function expectTeachingText(label: string, text: string, minimumWords: number) {
  const blocks = parseArticle(text);
  const count = (kind: ArticleBlock['kind']) => blocks.filter((block) => block.kind === kind).length;
  expect(countWords(text), label).toBeGreaterThanOrEqual(minimumWords);
  expect(count('heading'), label).toBeGreaterThanOrEqual(3);
  expect(count('list'), label).toBeGreaterThanOrEqual(1);
  expect(count('paragraph'), label).toBeGreaterThanOrEqual(3);
  // Nothing left over from the source format: no stray markers in the rendered text.
  for (const block of blocks) {
    const texts = block.kind === 'list' ? block.items : block.kind === 'code' ? [] : [block.text];
    for (const line of texts) expect(line, label).not.toMatch(/^(#|-\s|\d+\.\s|>)/);
  }
}

function unique<T>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

describe('TUTORIALS', () => {
  it('has the six video tutorials, with levels from Beginner, Intermediate and Advanced', () => {
    expect(TUTORIALS).toHaveLength(6);
    expect(unique(TUTORIALS.map((tutorial) => tutorial.title))).toBe(true);
    for (const tutorial of TUTORIALS) {
      expect(LEVELS).toContain(tutorial.level);
      expect(tutorial.duration).toMatch(/^\d{1,2}:[0-5]\d$/);
      expect(countWords(tutorial.description)).toBeGreaterThanOrEqual(20);
      expect(tutorial.type).toBeTruthy();
    }
    expect(new Set(TUTORIALS.map((tutorial) => tutorial.level))).toEqual(new Set(LEVELS));
  });
});

describe('RESOURCES', () => {
  it('has the three educational resources, each a full article', () => {
    expect(RESOURCES).toHaveLength(3);
    expect(unique(RESOURCES.map((resource) => resource.id))).toBe(true);
    for (const resource of RESOURCES) {
      expectTeachingText(resource.title, resource.fullContent, 450);
      expect(resource.readTime).toMatch(/^\d+ min$/);
      expect(resource.description.length).toBeGreaterThan(60);
    }
  });
});

describe('BOOKS', () => {
  it('has the two books, with 12 and 15 chapters', () => {
    expect(BOOKS.map((book) => book.chapters)).toEqual([12, 15]);
    expect(BOOKS.map((book) => book.tableOfContents.length)).toEqual([12, 15]);
    expect(unique(BOOKS.map((book) => book.id))).toBe(true);
    expect(unique(BOOKS.map((book) => book.isbn))).toBe(true);
  });

  for (const book of BOOKS) {
    describe(book.title, () => {
      it('has every field of the book record', () => {
        expect(LEVELS).toContain(book.difficulty);
        expect(book.coverColor).toMatch(/^#[0-9a-f]{6}$/i);
        expect(book.published).toMatch(/^\d{4}$/);
        for (const field of [book.title, book.subtitle, book.author, book.description, book.isbn, book.readTime]) expect(field).toBeTruthy();
      });

      it('lays its chapters out on consecutive pages and totals them', () => {
        let expectedFirst = 1;
        for (const entry of book.tableOfContents) {
          expect(entry.pages[0]).toBe(expectedFirst);
          expect(entry.pages[1]).toBeGreaterThanOrEqual(entry.pages[0]);
          expectedFirst = entry.pages[1] + 1;
        }
        expect(book.pages).toBe(expectedFirst - 1);
      });

      it('has a chapter of real teaching at every entry of its table of contents', () => {
        expect(unique(book.tableOfContents.map((entry) => entry.chapter))).toBe(true);
        for (const entry of book.tableOfContents) {
          expect(entry.topics.length).toBeGreaterThanOrEqual(3);
          expect(entry.readTime).toMatch(/^\d+ min$/);
          expectTeachingText(entry.chapter, entry.content, 350);
        }
      });
    });
  }

  it('covers the subjects a newcomer needs, across the books and articles', () => {
    const everything = [...BOOKS.flatMap((book) => book.tableOfContents.map((entry) => entry.content)), ...RESOURCES.map((resource) => resource.fullContent)].join('\n');
    for (const subject of ['white balance', 'tone curve', 'BT.1886', 'gamma of 2.4', 'S-Log3', 'LUT_3D_SIZE', 'tetrahedral', 'trilinear', 'skin-tone line', 'hero shot', 'teal and orange', 'legal range', '1-1-1', 'ProRes']) {
      expect(everything, subject).toContain(subject);
    }
  });
});

describe('LEARNING_PATHS', () => {
  it('has the two learning paths with eight modules each', () => {
    expect(LEARNING_PATHS.map((path) => path.modules.length)).toEqual([8, 8]);
    expect(unique(LEARNING_PATHS.map((path) => path.id))).toBe(true);
  });

  for (const path of LEARNING_PATHS) {
    it(`${path.title}: every module points at tutorials and readings that exist`, () => {
      expect(LEVELS).toContain(path.level);
      // Nobody has counted who follows a path: no student count is shown.
      expect(Object.keys(path)).not.toContain('students');
      expect(path.duration).toBe(formatMinutes(path.modules.reduce((sum, module) => sum + module.minutes, 0)));
      expect(path.tutorials).toBe(path.modules.filter((module) => module.tutorial).length);
      for (const module of path.modules) {
        if (module.tutorial) expect(findTutorial(module.tutorial), module.tutorial).toBeDefined();
        if (module.reading) expect(describeReading(module.reading), module.title).toBeDefined();
        expect(module.minutes).toBeGreaterThan(0);
      }
    });
  }
});
