import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import ColorCorrectionGradingPage from './ColorCorrectionGradingPage';
import { COURSES } from './content/courses';

function renderPage() {
  return render(
    <MemoryRouter>
      <ColorCorrectionGradingPage />
    </MemoryRouter>,
  );
}

function courseToggle(index: number): HTMLElement {
  const region = screen.getByRole('region', { name: COURSES[index]!.title });
  return within(region).getByRole('button', { name: /^(Start Reading|Close Lessons)$/ });
}

function lessonTrigger(title: string): HTMLElement {
  return screen.getByRole('button', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}

describe('ColorCorrectionGradingPage', () => {
  it('leads to the editor from the hero and the closing call to action, with the copyright year', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Start Color Grading' }).getAttribute('href')).toBe('/editor');
    expect(screen.getByRole('link', { name: 'Get Started Now' }).getAttribute('href')).toBe('/editor');
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Cinegrade`))).toBeTruthy();
    for (const tool of ['Color Wheels', 'Curves', 'LUTs']) expect(screen.getByRole('heading', { name: tool })).toBeTruthy();
  });

  it('opens one course at a time, and a second click closes it', () => {
    renderPage();
    fireEvent.click(courseToggle(0));
    expect(courseToggle(0).getAttribute('aria-expanded')).toBe('true');
    expect(courseToggle(0).textContent).toBe('Close Lessons');
    expect(lessonTrigger(COURSES[0]!.lessons[0]!.title)).toBeTruthy();

    fireEvent.click(courseToggle(1));
    expect(courseToggle(0).getAttribute('aria-expanded')).toBe('false');
    expect(courseToggle(1).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('button', { name: new RegExp(COURSES[0]!.lessons[0]!.title) })).toBeNull();

    fireEvent.click(courseToggle(1));
    expect(courseToggle(1).getAttribute('aria-expanded')).toBe('false');
    expect(courseToggle(1).textContent).toBe('Start Reading');
  });

  it('opens one lesson at a time with theory, practical and tips, and a second click closes it', () => {
    renderPage();
    fireEvent.click(courseToggle(0));
    const [first, second] = COURSES[0]!.lessons;
    fireEvent.click(lessonTrigger(first!.title));
    expect(lessonTrigger(first!.title).getAttribute('aria-expanded')).toBe('true');
    for (const heading of ['Theory', 'Practical', 'Tips']) expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByText(first!.content.theory[0]!)).toBeTruthy();

    fireEvent.click(lessonTrigger(second!.title));
    expect(lessonTrigger(first!.title).getAttribute('aria-expanded')).toBe('false');
    expect(lessonTrigger(second!.title).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(lessonTrigger(second!.title));
    expect(lessonTrigger(second!.title).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the open lesson when another course opens', () => {
    renderPage();
    fireEvent.click(courseToggle(0));
    fireEvent.click(lessonTrigger(COURSES[0]!.lessons[2]!.title));
    fireEvent.click(courseToggle(1));
    fireEvent.click(courseToggle(0));
    expect(lessonTrigger(COURSES[0]!.lessons[2]!.title).getAttribute('aria-expanded')).toBe('false');
  });
});
