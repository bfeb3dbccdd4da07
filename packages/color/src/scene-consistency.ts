/**
 * The consistency table of Smart Analyze (docs/product-rules.md, 'Smart Analyze'): what each
 * statement of an answer claims, and which claims cannot stand together or without the
 * measurement behind them. `describeScene` and `recommendLooks` choose every statement through
 * `consistentChoice`, so no answer holds two statements that contradict each other or one that
 * the measurements do not support.
 */
import type { Lean } from './scene-reading';
import { MUTED_CHROMA, SKIN_SHARE, VIVID_SHARE } from './scene-reading';

/** What a statement says about the picture. */
export type Claim =
  | 'warm-light'
  | 'cool-light'
  | 'warm-tones'
  | 'cool-tones'
  | 'no-cast'
  | 'monochrome'
  | 'vibrant'
  | 'muted'
  | 'dark'
  | 'bright'
  | 'night'
  | 'sunlight'
  | 'artificial-light'
  | 'indoor'
  | 'outdoor'
  | 'skin'
  | 'balanced-exposure';

/** A statement and what it claims. */
export interface Statement {
  readonly text: string;
  readonly claims: readonly Claim[];
}

/** The measurements the rules check claims against. */
export interface SceneFacts {
  /** The answer's one verdict on the light (`readLight`). */
  readonly light: Lean | 'mixed';
  /** Mean colourfulness, and the share of strongly colourful pixels (`readColour`). */
  readonly chroma: number;
  readonly vividShare: number;
  /** Skin coverage (mean skin likelihood). */
  readonly skinShare: number;
  /** At least 3 % clipped highlights or crushed shadows (`readExposure`). */
  readonly clipped: boolean;
  readonly greyscale: boolean;
}

export interface ConsistencyRule {
  readonly id: string;
  /** The rule in words. */
  readonly rule: string;
  /** True when the claims of one answer break the rule. */
  readonly broken: (claims: ReadonlySet<Claim>, facts: SceneFacts) => boolean;
}

const both = (claims: ReadonlySet<Claim>, a: readonly Claim[], b: readonly Claim[]): boolean => a.some((c) => claims.has(c)) && b.some((c) => claims.has(c));

/** The table. Each rule is tested on its own (`scene-consistency.test.ts`). */
export const CONSISTENCY_RULES: readonly ConsistencyRule[] = [
  {
    id: 'warm-excludes-cool',
    rule: 'Warm light or tones and cool light or tones are never both claimed.',
    broken: (c) => both(c, ['warm-light', 'warm-tones'], ['cool-light', 'cool-tones']),
  },
  {
    id: 'cast-needs-light-verdict',
    rule: 'Warm light is claimed only when the light reads warm (below 5000 K), cool light only when it reads cool (above 7500 K).',
    broken: (c, f) => (c.has('warm-light') && f.light !== 'warm') || (c.has('cool-light') && f.light !== 'cool'),
  },
  {
    id: 'no-cast-excludes-cast',
    rule: 'An answer that reads the light neutral or mixed claims no warm or cool light anywhere.',
    broken: (c) => both(c, ['no-cast'], ['warm-light', 'cool-light']),
  },
  {
    id: 'artificial-excludes-sunlight',
    rule: "Artificial light and sunlight (golden hour, daytime, 'daylight') are never both claimed.",
    broken: (c) => both(c, ['artificial-light'], ['sunlight']),
  },
  {
    id: 'indoor-excludes-outdoor',
    rule: 'A scene is never called both indoor and outdoor.',
    broken: (c) => both(c, ['indoor'], ['outdoor']),
  },
  {
    id: 'night-excludes-day',
    rule: 'Night excludes sunlight and a bright, high-key frame.',
    broken: (c) => both(c, ['night'], ['sunlight', 'bright']),
  },
  {
    id: 'dark-excludes-bright',
    rule: 'A frame is never called both dark (low light, low-key, moody) and bright (high-key, overexposed).',
    broken: (c) => both(c, ['dark'], ['bright']),
  },
  {
    id: 'vibrant-needs-colour',
    rule: `'Vibrant' needs at least ${VIVID_SHARE * 100}% strongly colourful pixels and is never claimed with 'muted'.`,
    broken: (c, f) => c.has('vibrant') && (f.greyscale || f.vividShare < VIVID_SHARE || c.has('muted')),
  },
  {
    id: 'muted-needs-little-colour',
    rule: `'Muted' needs a mean colourfulness under ${MUTED_CHROMA}.`,
    broken: (c, f) => c.has('muted') && f.chroma >= MUTED_CHROMA,
  },
  {
    id: 'monochrome-excludes-colour',
    rule: 'A black-and-white answer claims no light colour, tones, vibrant colour, sunlight colour or skin.',
    broken: (c) => both(c, ['monochrome'], ['warm-light', 'cool-light', 'warm-tones', 'cool-tones', 'vibrant', 'skin']),
  },
  {
    id: 'skin-needs-coverage',
    rule: `Skin is spoken of only when the skin likelihood covers at least ${SKIN_SHARE * 100}% of the frame.`,
    broken: (c, f) => c.has('skin') && (f.greyscale || f.skinShare < SKIN_SHARE),
  },
  {
    id: 'balanced-excludes-clipping',
    rule: "'Balanced' is never said of a frame with 3% or more clipped highlights or crushed shadows.",
    broken: (c, f) => c.has('balanced-exposure') && f.clipped,
  },
];

/** The rules a set of claims breaks, by id; empty when the claims agree with each other and the measurements. */
export function brokenRules(claims: Iterable<Claim>, facts: SceneFacts): string[] {
  const set = new Set(claims);
  return CONSISTENCY_RULES.filter((rule) => rule.broken(set, facts)).map((rule) => rule.id);
}

/**
 * The first of `candidates` (most specific first) whose claims, added to those already made,
 * break no rule; null when none can be said. The chosen claims are added to `made`.
 */
export function consistentChoice<T extends Statement>(candidates: readonly T[], made: Set<Claim>, facts: SceneFacts): T | null {
  for (const candidate of candidates) {
    if (brokenRules([...made, ...candidate.claims], facts).length > 0) continue;
    for (const claim of candidate.claims) made.add(claim);
    return candidate;
  }
  return null;
}
