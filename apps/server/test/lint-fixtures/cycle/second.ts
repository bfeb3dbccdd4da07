// Lint fixture (apps/server/test/lint-rules.test.ts): the other half, closing the cycle with a
// type-only import, which counts.
import type { first } from './first.js';

export const second = 'second';
export type First = typeof first;
