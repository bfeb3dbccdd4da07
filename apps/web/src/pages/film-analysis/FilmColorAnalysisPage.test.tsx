import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import FilmColorAnalysisPage from './FilmColorAnalysisPage';
import { SHOWCASE_LOOKS } from './content/showcase-looks';
import { GRADING_TECHNIQUES } from './content/techniques';

function renderPage() {
  return render(
    <MemoryRouter>
      <FilmColorAnalysisPage />
    </MemoryRouter>,
  );
}

describe('FilmColorAnalysisPage', () => {
  it('has the back link and the Dashboard button, both to /', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Film Color Analysis' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('toggles the selected colour card, one at a time', () => {
    renderPage();
    const red = screen.getByRole('button', { name: 'Red' });
    const blue = screen.getByRole('button', { name: 'Blue' });
    expect(red.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(red);
    expect(red.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(blue);
    expect(red.getAttribute('aria-pressed')).toBe('false');
    expect(blue.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(blue);
    expect(blue.getAttribute('aria-pressed')).toBe('false');
  });

  it('opens and closes the film examples of a look', async () => {
    renderPage();
    const look = SHOWCASE_LOOKS[0]!;
    fireEvent.click(screen.getByRole('button', { name: `See Film Examples for ${look.name}` }));
    const dialog = await screen.findByRole('dialog');
    for (const film of look.filmExamples) {
      expect(within(dialog).getByText(film.title)).toBeTruthy();
      expect(within(dialog).getByText(film.cinematographer)).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows technique difficulty badges in their colours and the technique dialog', async () => {
    renderPage();
    for (const technique of GRADING_TECHNIQUES) {
      const card = screen.getByRole('article', { name: technique.title });
      const badge = within(card).getByText(technique.difficulty);
      const tone = technique.difficulty === 'Beginner' ? 'success' : technique.difficulty === 'Intermediate' ? 'warning' : 'danger';
      expect(badge.className).toContain(`fa-difficulty-${tone}`);
      expect(within(card).getAllByRole('listitem')).toHaveLength(technique.steps.length);
    }
    const technique = GRADING_TECHNIQUES[3]!;
    fireEvent.click(screen.getByRole('button', { name: `See Film Examples for ${technique.title}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(technique.filmExamples[0]!.technique)).toBeTruthy();
  });

  it('offers to open each catalogued look in the editor', () => {
    renderPage();
    for (const look of SHOWCASE_LOOKS) {
      if (!look.lookId) continue;
      expect(screen.getByRole('link', { name: `Open ${look.name} in the editor` }).getAttribute('href')).toBe(`/?look=${look.lookId}`);
    }
  });

  it('shows the four colour temperatures', () => {
    renderPage();
    for (const text of ['Candlelight · 1900K', 'Tungsten · 3200K', 'Daylight · 5600K', 'Cloudy sky · 6500K']) expect(screen.getByText(text)).toBeTruthy();
  });
});
