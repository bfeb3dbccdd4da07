import type { Difficulty, GradingTechnique } from './types';

/** Four techniques with steps that work in any grading tool, Cinegrade included. */
export const GRADING_TECHNIQUES: readonly GradingTechnique[] = [
  {
    title: 'Faking Golden Hour',
    difficulty: 'Beginner',
    description: 'Make a flat afternoon exterior feel like the last hour of sun without turning skin orange.',
    steps: [
      'Correct first: set the black and white points on the waveform and remove any colour cast, so you start from a neutral base.',
      'Warm the whole image with temperature, a white-balance shift, until whites look warm but not yellow.',
      'Push the highlights further toward amber than the shadows; leave the shadows neutral or slightly cool so the warmth has something to glow against.',
      'Lower contrast a little and soften the highlights: low sun is soft, raking light.',
      'Check skin on the vectorscope. It should stay on the skin-tone line; if it drifts toward red, take back saturation before warmth.',
      'Finish with a gentle vignette to imitate the fall-off of a low sun.',
    ],
    filmExamples: [
      { title: 'Days of Heaven (1978)', scene: 'The wheat harvest', technique: 'Shot in the short window of light around sunset, so warmth and softness come from the light itself' },
      { title: 'The Tree of Life (2011)', scene: 'The 1950s Texas childhood', technique: 'Natural light with the sun low behind the actors: warm highlights over clean shadows' },
    ],
  },
  {
    title: 'Teal & Orange Separation',
    difficulty: 'Intermediate',
    description: 'Separate people from their background with complementary colour, without painting their faces.',
    steps: [
      'Correct and match the shot first; teal and orange on an uncorrected image exaggerates its cast.',
      'Push the shadows toward teal (cyan-blue) a little at a time, with lift or split toning.',
      'Push highlights and mid-tones toward orange only as far as skin needs; skin already lies on the orange side of the vectorscope.',
      'Protect the skin so the teal never reaches faces: they should stay on the skin-tone line.',
      'Add less saturation to the background than you think. The separation comes from the difference in hue, not from saturation.',
      'Compare with the original often: a look that feels normal after ten minutes of grading has usually gone too far.',
    ],
    filmExamples: [
      { title: 'Transformers (2007)', scene: 'The attack on the base in Qatar', technique: 'Teal shadows and sky against sunlit, golden skin and metal' },
      { title: 'Mad Max: Fury Road (2015)', scene: 'The desert chases', technique: 'Saturated orange sand against a deep teal sky, pushed far past natural' },
    ],
  },
  {
    title: 'Bleach Bypass',
    difficulty: 'Intermediate',
    description:
      'Imitate skipping the bleach step when developing film, which leaves silver in the image: harder contrast, muted colour and gritty, silvery highlights.',
    steps: [
      'Correct exposure and balance first: this look magnifies every contrast problem.',
      'Lower saturation by about 40 to 50 percent. Skin should turn pale and metallic, not grey.',
      'Add a strong S-curve: dense blacks and bright, hard highlights.',
      'In a layer- or node-based tool, blend a black-and-white copy over the colour at 40 to 60 percent to stand in for the retained silver.',
      'Choose a temperature: cool and steely for war and crime, a touch warm for a period piece.',
      'Watch the highlights: the look clips easily, so keep detail in skies and on faces.',
    ],
    filmExamples: [
      { title: 'Se7en (1995)', scene: 'The rain-soaked city streets', technique: "Silver retained in the release prints (Deluxe's CCE process) for deep blacks and muted colour" },
      { title: 'Minority Report (2002)', scene: 'Precrime and the city of 2054', technique: 'Bleach bypass with blooming highlights and cold, desaturated colour' },
    ],
  },
  {
    title: 'Day for Night',
    difficulty: 'Advanced',
    description: 'Turn daylight footage into a believable moonlit night: one of the oldest tricks in cinema, and still one of the hardest to sell.',
    steps: [
      'Pick or shoot the right material: sun low and behind or beside the subject, little or no sky in frame. A bright sky cannot become a night sky.',
      'Bring exposure down by about two stops and keep only the brightest edges as moonlight.',
      'Cool the white balance strongly toward blue, then halve the saturation: we see little colour at night.',
      'Crush the shadows and darken whatever sky remains with a gradient or a luminance key.',
      'Keep skin slightly warmer than everything else so faces stay human; warm practicals such as windows and headlights sell the night.',
      'Match every shot to one reference frame. Day for night falls apart when a single shot is brighter than the rest.',
    ],
    filmExamples: [
      { title: 'Mad Max: Fury Road (2015)', scene: 'The night sequences in the bog', technique: 'Shot in daylight, then underexposed, cooled and graded into a saturated blue night' },
      { title: 'Day for Night (1973)', scene: "The night exteriors of the film within the film", technique: "Truffaut's film about filmmaking; its French title, La Nuit américaine, is the French name for the technique" },
    ],
  },
];

export type DifficultyTone = 'success' | 'warning' | 'danger';

/** Beginner green, Intermediate yellow, anything else red. */
export function difficultyTone(difficulty: Difficulty): DifficultyTone {
  if (difficulty === 'Beginner') return 'success';
  if (difficulty === 'Intermediate') return 'warning';
  return 'danger';
}
