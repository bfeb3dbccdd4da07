import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../ui/toast-store';
import { BOOKS } from './content/books';
import { RESOURCES } from './content/resources';
import { TUTORIALS } from './content/tutorials';
import TutorialsLearningPage from './TutorialsLearningPage';

vi.mock('../../ui/toast-store', { spy: true });

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/tutorials-learning']}>
      <TutorialsLearningPage />
    </MemoryRouter>,
  );
}

const toastTitles = () => vi.mocked(toast).mock.calls.map(([message]) => message.title);
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const position = () => screen.getByTestId('chapter-position').textContent;
const progress = () => screen.getByRole('progressbar', { name: 'Reading progress' }).getAttribute('aria-valuenow');

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.useRealTimers());

describe('TutorialsLearningPage', () => {
  it('shows the title, the way back, the Dashboard link and the four sections with their counts', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Tutorials & Learning' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Video Tutorials',
      'Educational Resources',
      'Digital Books',
      'Learning Paths',
    ]);
    expect(screen.getAllByRole('button', { name: /^Read the lesson/ })).toHaveLength(6);
    // No button that leads nowhere: nothing offers to start a video that does not exist.
    expect(screen.queryAllByRole('button', { name: /^Start Tutorial/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /^Read Article/ })).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: /^Read Book/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Start Learning Path/ })).toHaveLength(2);
  });

  it("opens a tutorial's lesson: the chapter or article that teaches its topic", () => {
    renderPage();
    // 'Your First Grade' is taught in chapter 4 of the first book.
    const first = TUTORIALS[0];
    const book = BOOKS.find((b) => b.id === 'correcting-before-you-grade');
    if (!first || !book) throw new Error('no tutorial or book');
    const opener = button(`Read the lesson: ${first.title}`);
    fireEvent.click(opener);
    expect(position()).toBe(`Chapter 4 of ${book.tableOfContents.length}`);
    expect(screen.getByRole('heading', { level: 3, name: book.tableOfContents[3]?.chapter })).toBeTruthy();
    fireEvent.click(button('Close Reader'));
    expect(document.activeElement).toBe(opener);
    // 'White Balance Rescue' is taught in an article.
    const third = TUTORIALS[2];
    const article = RESOURCES.find((r) => r.id === 'exposure-and-white-balance');
    if (!third || !article) throw new Error('no tutorial or article');
    fireEvent.click(button(`Read the lesson: ${third.title}`));
    expect(screen.getByRole('heading', { level: 2, name: article.title })).toBeTruthy();
    expect(toastTitles()).toEqual([]);
  });

  it('opens an article in the reader with its headings and lists, and closes back to where it was', () => {
    const resource = RESOURCES[1];
    if (!resource) throw new Error('no resource');
    renderPage();
    const opener = button(`Read Article: ${resource.title}`);
    fireEvent.click(opener);
    expect(screen.getByRole('heading', { level: 2, name: resource.title })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Video Tutorials' })).toBeNull();
    const article = screen.getByRole('article');
    expect(within(article).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(3);
    expect(within(article).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(article.querySelector('pre code')?.textContent).toContain('LUT_3D_SIZE 2');
    fireEvent.click(button('Close Reader'));
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Video Tutorials' })).toBeTruthy();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.click(button('← Back to Educational Resources'));
    expect(screen.getByRole('heading', { name: 'Educational Resources' })).toBeTruthy();
  });

  it('reads a book chapter by chapter, clamped at both ends, with progress at chapter / total', () => {
    const book = BOOKS[0];
    if (!book) throw new Error('no book');
    renderPage();
    fireEvent.click(button(`Read Book: ${book.title}`));
    expect(position()).toBe('Chapter 1 of 12');
    expect(progress()).toBe('8');
    expect(screen.getByRole('heading', { level: 3, name: book.tableOfContents[0]?.chapter })).toBeTruthy();
    expect((button('← Previous Chapter') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(button('Next Chapter →'));
    expect(position()).toBe('Chapter 2 of 12');
    expect(progress()).toBe('17');
    expect(document.activeElement?.id).toBe('learn-reader-chapter');

    for (let step = 0; step < 15; step += 1) fireEvent.click(button('Next Chapter →'));
    expect(position()).toBe('Chapter 12 of 12');
    expect(progress()).toBe('100');
    expect((button('Next Chapter →') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(button('← Previous Chapter'));
    expect(position()).toBe('Chapter 11 of 12');
  });

  it('jumps from the table of contents in the reader and from the book card', () => {
    const [first, second] = BOOKS;
    if (!first || !second) throw new Error('no books');
    renderPage();
    fireEvent.click(button(`View Table of Contents: ${first.title}`));
    fireEvent.click(button(`View Table of Contents: ${second.title}`));
    const secondContents = screen.getByRole('list', { name: `${second.title}: table of contents` });
    fireEvent.click(within(secondContents).getByRole('button', { name: `Chapter 15: ${second.tableOfContents[14]?.chapter}` }));
    expect(position()).toBe('Chapter 15 of 15');
    expect(progress()).toBe('100');

    const toggle = button('View Table of Contents');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(button('Hide Table of Contents').getAttribute('aria-expanded')).toBe('true');
    const contents = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(within(contents).getAllByRole('button')).toHaveLength(15);
    fireEvent.click(within(contents).getByRole('button', { name: /^Chapter 6:/ }));
    expect(position()).toBe('Chapter 6 of 15');
    expect(progress()).toBe('40');
    expect(screen.queryByRole('navigation', { name: 'Table of contents' })).toBeNull();

    fireEvent.click(button('← Back to Digital Books'));
    expect(screen.getByRole('list', { name: `${second.title}: table of contents` })).toBeTruthy();
    expect(screen.getByRole('list', { name: `${first.title}: table of contents` })).toBeTruthy();
  });

  it('starts a learning path, shows and hides its modules, and announces a chosen module', () => {
    renderPage();
    fireEvent.click(button('Start Learning Path: Colour Correction Fundamentals'));
    expect(toastTitles()).toEqual(['Learning Path Started']);
    const toggle = button('View Modules: From Log to Delivery');
    fireEvent.click(toggle);
    const modules = screen.getByRole('list', { name: 'From Log to Delivery: modules' });
    expect(within(modules).getAllByRole('button')).toHaveLength(8);
    fireEvent.click(within(modules).getByRole('button', { name: /^Module 3:/ }));
    expect(toastTitles()).toEqual(['Learning Path Started', 'Module Selected']);
    fireEvent.click(button('Hide Modules: From Log to Delivery'));
    expect(screen.queryByRole('list', { name: 'From Log to Delivery: modules' })).toBeNull();
  });
});
