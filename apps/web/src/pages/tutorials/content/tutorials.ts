import type { Tutorial } from './types';

/** The six video tutorials. There is no playback (docs/product-rules.md, 'Static pages'). */
export const TUTORIALS: readonly Tutorial[] = [
  {
    title: 'Your First Grade: Balance, Contrast, Look',
    duration: '14:20',
    level: 'Beginner',
    type: 'Fundamentals',
    description:
      'One interview shot from flat to finished in three passes: set the black and white points, neutralise the white balance on the parade, then add a gentle look. Why that order saves you hours on every project.',
  },
  {
    title: 'Reading the Waveform and the Vectorscope',
    duration: '18:05',
    level: 'Beginner',
    type: 'Fundamentals',
    description:
      'What each trace on the waveform, RGB parade and vectorscope means, where skin and middle grey should sit, and how to spot clipping, crushed shadows and a colour cast before your eyes adapt to it.',
  },
  {
    title: 'White Balance Rescue: Mixed Light and Off-Colour Footage',
    duration: '16:40',
    level: 'Intermediate',
    type: 'Technique',
    description:
      'Footage shot at the wrong Kelvin, under green-spiking fluorescents or with a window blue on one side of the face. Correct the dominant source first, then isolate the rest with a qualifier instead of fighting it globally.',
  },
  {
    title: 'Log Footage and Conversion LUTs Done Right',
    duration: '21:15',
    level: 'Intermediate',
    type: 'Workflow',
    description:
      'Why log looks grey, which LUT belongs to which camera encoding, and where the conversion sits in the chain. Correct exposure and balance before the LUT so it receives the signal it was built for.',
  },
  {
    title: 'Matching Shots Across a Scene',
    duration: '24:30',
    level: 'Advanced',
    type: 'Workflow',
    description:
      'Pick a hero shot, then match blacks, whites, midtone balance and skin in that order, with the parade and a split screen. Includes two cameras of different makes cut into the same conversation.',
  },
  {
    title: 'Building a Film Look from Scratch',
    duration: '27:50',
    level: 'Advanced',
    type: 'Technique',
    description:
      'A print-style look built from parts you understand: a soft highlight roll-off, denser saturated colours, a restrained split-tone and grain, each on its own adjustment, so the look holds up on skin and across a whole scene.',
  },
];
