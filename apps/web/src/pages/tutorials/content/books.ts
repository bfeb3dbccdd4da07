import { CORRECTING_BEFORE_YOU_GRADE } from './books/correcting-before-you-grade';
import { SIGNALS_LUTS_AND_LOOKS } from './books/signals-luts-and-looks';
import type { Book } from './types';

/** The two digital books: 12 and 15 chapters. */
export const BOOKS: readonly Book[] = [CORRECTING_BEFORE_YOU_GRADE, SIGNALS_LUTS_AND_LOOKS];
