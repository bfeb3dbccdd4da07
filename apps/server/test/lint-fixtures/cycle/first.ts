// Lint fixture (apps/server/test/lint-rules.test.ts): half of a two-file import cycle.
import { second } from './second.js';

export const first = (): string => `first, then ${second}`;
