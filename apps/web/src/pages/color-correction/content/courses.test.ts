import { describe, expect, it } from 'vitest';
import { COURSES, formatLessonDuration } from './courses';

describe('COURSES', () => {
  it('has the two master classes with their hours, and no invented ratings or student counts', () => {
    expect(COURSES.map((course) => course.durationHours)).toEqual([6, 8]);
    for (const course of COURSES) expect(Object.keys(course)).not.toContain('students');
    for (const course of COURSES) expect(Object.keys(course)).not.toContain('rating');
  });

  it('keeps every lesson between 30 minutes and 1 hour 30', () => {
    for (const lesson of COURSES.flatMap((course) => course.lessons)) {
      expect(lesson.durationMinutes, lesson.title).toBeGreaterThanOrEqual(30);
      expect(lesson.durationMinutes, lesson.title).toBeLessThanOrEqual(90);
    }
  });

  it('has lessons that add up to the length of their course', () => {
    for (const course of COURSES) {
      expect(course.lessons.reduce((sum, lesson) => sum + lesson.durationMinutes, 0)).toBe(course.durationHours * 60);
    }
  });

  it('gives every lesson theory, practical and tips, and a unique id within its course', () => {
    for (const course of COURSES) {
      expect(new Set(course.lessons.map((lesson) => lesson.id)).size).toBe(course.lessons.length);
      for (const lesson of course.lessons) {
        expect(lesson.content.theory.length, lesson.title).toBeGreaterThan(0);
        expect(lesson.content.practical.length, lesson.title).toBeGreaterThan(0);
        expect(lesson.content.tips.length, lesson.title).toBeGreaterThan(0);
      }
    }
  });
});

describe('formatLessonDuration', () => {
  it('writes minutes and hours', () => {
    expect(formatLessonDuration(30)).toBe('30 min');
    expect(formatLessonDuration(60)).toBe('1 h');
    expect(formatLessonDuration(75)).toBe('1 h 15 min');
    expect(formatLessonDuration(90)).toBe('1 h 30 min');
  });
});
