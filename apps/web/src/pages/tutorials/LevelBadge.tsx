import type { Level } from './content/types';

const LEVEL_CLASS: Record<Level, string> = {
  Beginner: 'learn-level-beginner',
  Intermediate: 'learn-level-intermediate',
  Advanced: 'learn-level-advanced',
};

/** Difficulty as a badge: Beginner green, Intermediate yellow, Advanced red, as across the learning pages. */
export function LevelBadge({ level }: { level: Level }) {
  return <span className={`badge ${LEVEL_CLASS[level]}`}>{level}</span>;
}
