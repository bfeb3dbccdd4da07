import { formatMinutes } from './measure';
import type { LearningModule, LearningPath } from './types';

type PathDetails = Omit<LearningPath, 'duration' | 'tutorials' | 'modules'>;

/** A path's duration and tutorial count are totalled from its modules, so they cannot disagree. */
function definePath(details: PathDetails, modules: readonly LearningModule[]): LearningPath {
  return {
    ...details,
    duration: formatMinutes(modules.reduce((sum, module) => sum + module.minutes, 0)),
    tutorials: modules.filter((module) => module.tutorial !== undefined).length,
    modules,
  };
}

const BASICS = 'correcting-before-you-grade';
const PIPELINE = 'signals-luts-and-looks';

/** The two learning paths, eight modules each. */
export const LEARNING_PATHS: readonly LearningPath[] = [
  definePath(
    {
      id: 'colour-correction-fundamentals',
      title: 'Colour Correction Fundamentals',
      description:
        'From a calibrated display to a balanced, matched scene. For editors and filmmakers who grade their own work and want every shot to start from a clean, neutral base.',
      level: 'Beginner',
    },
    [
      {
        title: 'Why correction comes before the look',
        summary: 'The two jobs of colour work and the order of operations that keeps them apart.',
        minutes: 25,
        reading: { bookId: BASICS, chapter: 1 },
      },
      {
        title: 'Setting up your display and room',
        summary: 'Rec.709, D65 and gamma 2.4; bias light; what to do without a reference monitor.',
        minutes: 20,
        reading: { bookId: BASICS, chapter: 2 },
      },
      {
        title: 'Reading the scopes',
        summary: 'Waveform, RGB parade, vectorscope and histogram on real footage.',
        minutes: 40,
        tutorial: 'Reading the Waveform and the Vectorscope',
        reading: { bookId: BASICS, chapter: 3 },
      },
      {
        title: 'Exposure: black point, white point, midtones',
        summary: 'Lift, gamma, gain and offset, and where middle grey and faces belong.',
        minutes: 45,
        tutorial: 'Your First Grade: Balance, Contrast, Look',
        reading: { bookId: BASICS, chapter: 4 },
      },
      {
        title: 'White balance and mixed light',
        summary: 'Kelvin and tint, neutralising each range on the parade, and when not to.',
        minutes: 35,
        tutorial: 'White Balance Rescue: Mixed Light and Off-Colour Footage',
        reading: { resourceId: 'exposure-and-white-balance' },
      },
      {
        title: 'Contrast and the tone curve',
        summary: 'S-curves, toe and shoulder, pivots, and the saturation that contrast brings.',
        minutes: 30,
        reading: { bookId: BASICS, chapter: 6 },
      },
      {
        title: 'Skin tones on the vectorscope',
        summary: 'The skin-tone line, every complexion, and correcting faces in order.',
        minutes: 30,
        reading: { resourceId: 'skin-tones-on-the-vectorscope' },
      },
      {
        title: 'Your first complete correction pass',
        summary: 'The whole checklist on one scene, ending with quality control.',
        minutes: 45,
        reading: { bookId: BASICS, chapter: 12 },
      },
    ],
  ),
  definePath(
    {
      id: 'from-log-to-delivery',
      title: 'From Log to Delivery',
      description:
        'The full pipeline for footage that will be graded seriously: log encodings, managed workflows, LUTs and how they are built, matching, look design and delivering files that play back as graded.',
      level: 'Advanced',
    },
    [
      {
        title: 'Rec.709: camera curve and display',
        summary: 'The BT.709 OETF, BT.1886 gamma 2.4 and the system gamma between them.',
        minutes: 35,
        reading: { bookId: PIPELINE, chapter: 2 },
      },
      {
        title: 'Log encodings and conversion',
        summary: 'Why log looks flat, where middle grey sits, and correcting before the conversion.',
        minutes: 45,
        tutorial: 'Log Footage and Conversion LUTs Done Right',
        reading: { bookId: PIPELINE, chapter: 3 },
      },
      {
        title: 'Scene-referred workflows',
        summary: 'Input transforms, working spaces and output transforms, with ACES as an example.',
        minutes: 30,
        reading: { bookId: PIPELINE, chapter: 4 },
      },
      {
        title: 'Inside a LUT: lattices and interpolation',
        summary: 'Lattice sizes, where coarse lattices fail, trilinear against tetrahedral.',
        minutes: 35,
        reading: { bookId: PIPELINE, chapter: 7 },
      },
      {
        title: 'The .cube format',
        summary: 'Reading, validating and naming LUT files so they behave everywhere.',
        minutes: 30,
        reading: { resourceId: 'anatomy-of-a-cube-lut' },
      },
      {
        title: 'Matching shots and cameras',
        summary: 'Hero shots, charts on set and the colours that will not match.',
        minutes: 50,
        tutorial: 'Matching Shots Across a Scene',
        reading: { bookId: PIPELINE, chapter: 13 },
      },
      {
        title: 'Designing a look that holds',
        summary: 'Hero frames, a look built in components, print behaviour and texture.',
        minutes: 55,
        tutorial: 'Building a Film Look from Scratch',
        reading: { bookId: PIPELINE, chapter: 12 },
      },
      {
        title: 'Delivery: codecs, tags and legal range',
        summary: 'Masters and distribution codecs, 1-1-1 tags, legal range and final checks.',
        minutes: 40,
        reading: { bookId: PIPELINE, chapter: 15 },
      },
    ],
  ),
];
