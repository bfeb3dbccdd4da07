import { describe, expect, it } from 'vitest';
import { CASE_STUDIES } from './case-studies';
import { COLOR_PSYCHOLOGY } from './psychology';
import { COLOR_TEMPERATURES, COMMON_MISTAKES, GENRE_TRENDS } from './quick-reference';
import { SCENE_BREAKDOWNS } from './scene-breakdowns';
import { SHOWCASE_LOOKS } from './showcase-looks';
import { difficultyTone, GRADING_TECHNIQUES } from './techniques';

/** The look ids of the editor catalogue as docs/product-rules.md lists them (free and premium). */
const SPEC_CATALOGUE_IDS = new Set([
  'instagram-warm', 'tiktok-vibrant', 'youtube-clean', 'skin-glow', 'selfie-perfect', 'food-delicious', 'travel-wanderlust',
  'fitness-energy', 'vintage-film', 'retro-80s', 'black-white-classic', 'street-urban', 'vsco-girl', 'cottagecore',
  'dark-academia', 'y2k-aesthetic',
  'blockbuster-teal-orange', 'blade-runner-2049', 'mad-max-fury', 'joker-2019', 'matrix-green', 'interstellar-space',
  'her-2013', 'la-la-land', 'caucasian-natural', 'african-radiant', 'asian-luminous', 'latina-warm', 'middle-eastern-glow',
  'kodak-vision3-500t', 'fuji-400h-pro', 'kodak-portra-800', 'ilford-hp5', 'national-geographic', 'planet-earth',
  'golden-hour-magic', 'ocean-deep', 'get-out-2017', 'conjuring-universe', 'it-2017', 'music-video-neon',
  'fashion-editorial', 'vogue-portrait', 'stranger-things', 'breaking-bad', 'game-of-thrones',
]);

const HEX = /^#[0-9A-F]{6}$/i;

describe('film case studies', () => {
  it('has 4 studies of 3 hex colours each, with techniques', () => {
    expect(CASE_STUDIES).toHaveLength(4);
    for (const study of CASE_STUDIES) {
      expect(study.colorScheme).toHaveLength(3);
      for (const swatch of study.colorScheme) expect(swatch.hex).toMatch(HEX);
      expect(study.techniques.length).toBeGreaterThan(0);
    }
    expect(new Set(CASE_STUDIES.map((study) => study.id)).size).toBe(4);
  });

  it('credits the right cinematographers', () => {
    const subtitle = (id: string) => CASE_STUDIES.find((study) => study.id === id)?.subtitle;
    expect(subtitle('blade-runner-2049')).toContain('Roger Deakins');
    expect(subtitle('mad-max-fury-road')).toContain('John Seale');
    expect(subtitle('the-matrix')).toContain('Bill Pope');
    expect(subtitle('her')).toContain('Hoyte van Hoytema');
  });
});

describe('colour psychology', () => {
  it('has the six colours of the page, each with a meaning and films', () => {
    expect(COLOR_PSYCHOLOGY.map((entry) => entry.name)).toEqual(['Red', 'Blue', 'Yellow', 'Green', 'Purple', 'Orange']);
    for (const entry of COLOR_PSYCHOLOGY) {
      expect(entry.color).toMatch(HEX);
      expect(entry.meaning.length).toBeGreaterThan(40);
      expect(entry.films.length).toBeGreaterThan(0);
    }
  });
});

describe('LUT showcase', () => {
  it('has 6 looks, each with mood, use and films with scene and cinematographer', () => {
    expect(SHOWCASE_LOOKS).toHaveLength(6);
    for (const look of SHOWCASE_LOOKS) {
      expect(look.mood).not.toBe('');
      expect(look.useCase).not.toBe('');
      expect(look.filmExamples.length).toBeGreaterThan(0);
      for (const film of look.filmExamples) {
        expect(film.scene).not.toBe('');
        expect(film.cinematographer).not.toBe('');
      }
    }
  });

  it('credits the cinematographers the brief names', () => {
    const credits = new Map(SHOWCASE_LOOKS.flatMap((look) => look.filmExamples.map((film) => [film.title, film.cinematographer] as const)));
    expect(credits.get('Blade Runner 2049 (2017)')).toBe('Roger Deakins');
    expect(credits.get('Mad Max: Fury Road (2015)')).toBe('John Seale');
    expect(credits.get('The Matrix (1999)')).toBe('Bill Pope');
    expect(credits.get('La La Land (2016)')).toBe('Linus Sandgren');
  });

  it('offers the editor only looks that exist in the spec catalogue', () => {
    const offered = [...SHOWCASE_LOOKS.map((look) => look.lookId), ...CASE_STUDIES.map((study) => study.lookId)].filter(
      (id): id is string => id !== null,
    );
    expect(offered.length).toBeGreaterThan(0);
    for (const id of offered) expect(SPEC_CATALOGUE_IDS.has(id), id).toBe(true);
  });
});

describe('scene breakdowns', () => {
  it('has 3 scenes with palette, analysis and lesson', () => {
    expect(SCENE_BREAKDOWNS).toHaveLength(3);
    for (const breakdown of SCENE_BREAKDOWNS) {
      expect(breakdown.colors.length).toBeGreaterThanOrEqual(3);
      for (const swatch of breakdown.colors) expect(swatch.hex).toMatch(HEX);
      expect(breakdown.analysis).not.toBe('');
      expect(breakdown.lesson).not.toBe('');
    }
    expect(SCENE_BREAKDOWNS.find((breakdown) => breakdown.film.startsWith('Joker'))?.cinematographer).toBe('Lawrence Sher');
  });
});

describe('grading techniques', () => {
  it('has 4 techniques with steps, a spec difficulty and film examples', () => {
    expect(GRADING_TECHNIQUES).toHaveLength(4);
    for (const technique of GRADING_TECHNIQUES) {
      expect(['Beginner', 'Intermediate', 'Advanced']).toContain(technique.difficulty);
      expect(technique.steps.length).toBeGreaterThanOrEqual(3);
      expect(technique.filmExamples.length).toBeGreaterThan(0);
      for (const film of technique.filmExamples) expect(film.technique).not.toBe('');
    }
  });
});

describe('difficultyTone', () => {
  it('is green for Beginner, yellow for Intermediate, red otherwise', () => {
    expect(difficultyTone('Beginner')).toBe('success');
    expect(difficultyTone('Intermediate')).toBe('warning');
    expect(difficultyTone('Advanced')).toBe('danger');
  });
});

describe('quick reference', () => {
  it('lists the four colour temperatures of the quick reference', () => {
    expect(COLOR_TEMPERATURES.map((temperature) => [temperature.source, temperature.kelvin])).toEqual([
      ['Candlelight', 1900],
      ['Tungsten', 3200],
      ['Daylight', 5600],
      ['Cloudy sky', 6500],
    ]);
  });

  it('has genre trends and common mistakes', () => {
    expect(GENRE_TRENDS.length).toBeGreaterThan(0);
    expect(COMMON_MISTAKES.length).toBeGreaterThan(0);
  });
});
