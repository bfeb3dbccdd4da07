/** Records of the Film Color Analysis page (static content, fixed in the web app). */

export type Hex = `#${string}`;

/** A palette colour: its value and what it is in the picture. */
export interface Swatch {
  hex: Hex;
  name: string;
}

/**
 * Id of a look in the editor's catalogue. A record that names one offers to open
 * the editor with it at `/?look=<id>`; null where the catalogue has no matching look.
 */
export type EditorLookId = string | null;

export interface FilmCaseStudy {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  colorScheme: readonly [Swatch, Swatch, Swatch];
  analysis: string;
  techniques: readonly string[];
  lookId: EditorLookId;
}

export type PsychologyColor = 'Red' | 'Blue' | 'Yellow' | 'Green' | 'Purple' | 'Orange';

export interface ColorPsychologyEntry {
  /** The swatch shown on the card. */
  color: Hex;
  name: PsychologyColor;
  meaning: string;
  films: readonly { title: string; note: string }[];
}

export interface LookFilmExample {
  title: string;
  scene: string;
  cinematographer: string;
}

export interface ShowcaseLook {
  name: string;
  description: string;
  mood: string;
  useCase: string;
  filmExamples: readonly LookFilmExample[];
  lookId: EditorLookId;
}

export interface SceneBreakdown {
  film: string;
  cinematographer: string;
  scene: string;
  colors: readonly Swatch[];
  analysis: string;
  lesson: string;
}

export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';

export interface TechniqueFilmExample {
  title: string;
  scene: string;
  technique: string;
}

export interface GradingTechnique {
  title: string;
  description: string;
  steps: readonly string[];
  difficulty: Difficulty;
  filmExamples: readonly TechniqueFilmExample[];
}
