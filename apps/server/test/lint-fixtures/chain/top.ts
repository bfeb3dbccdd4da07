// Lint fixture (apps/server/test/lint-rules.test.ts): imports a leaf that imports nothing back.
import type { Leaf } from './leaf.js';

export const top = (leaf: Leaf): string => leaf.name;
