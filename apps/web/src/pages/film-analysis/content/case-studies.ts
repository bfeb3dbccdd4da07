import type { FilmCaseStudy } from './types';

/**
 * Four films whose colour is widely studied. Facts are public record; the
 * analysis is ours, written for someone learning to grade.
 */
export const CASE_STUDIES: readonly FilmCaseStudy[] = [
  {
    id: 'blade-runner-2049',
    title: 'Blade Runner 2049 (2017)',
    subtitle: 'Cinematography by Roger Deakins · directed by Denis Villeneuve',
    description:
      'Every location gets one dominant colour and keeps it: the rain-soaked cyan-grey of Los Angeles, the golden, rippling light of the Wallace Corporation, the dense amber dust of abandoned Las Vegas. Most of it was made in front of the lens with coloured light, smoke and haze, so the grade refines a look that already exists rather than inventing one.',
    colorScheme: [
      { hex: '#D98A3D', name: 'Las Vegas amber' },
      { hex: '#2F4B57', name: 'Los Angeles rain' },
      { hex: '#C23B8A', name: 'Hologram magenta' },
    ],
    analysis:
      'In Las Vegas the haze does the grading: it lifts the blacks, lowers contrast and wraps every surface in the same amber, so skin, sky and stone sit within a few degrees of hue of each other. What breaks that monochrome, a face turned to the light or a magenta hologram, is exactly where the story wants you to look.',
    techniques: [
      'One dominant hue per location, changed only when the story moves',
      'Atmosphere (smoke and haze) to lift blacks and soften contrast in camera',
      'Restrained saturation inside a near-monochrome scheme',
      'Enough luminance contrast on faces to keep them readable in heavy colour',
    ],
    lookId: 'blade-runner-2049',
  },
  {
    id: 'mad-max-fury-road',
    title: 'Mad Max: Fury Road (2015)',
    subtitle: 'Cinematography by John Seale · directed by George Miller · colourist Eric Whipp',
    description:
      'Miller set out to avoid the washed-out, desaturated wasteland of most post-apocalyptic films. The desert burns a saturated orange under a deep teal sky, and the night sequences were shot in daylight and graded into an inky, saturated blue.',
    colorScheme: [
      { hex: '#D9772B', name: 'Desert orange' },
      { hex: '#2E8C9E', name: 'Sky teal' },
      { hex: '#142B4A', name: 'Day-for-night blue' },
    ],
    analysis:
      'Complementary contrast is pushed to its limit: the sand sits near the hue of skin, the sky on the opposite side of the vectorscope, and almost nothing lives in between. Because the separation is so strong, every shot reads in a fraction of a second, which is what a film cut this fast needs.',
    techniques: [
      'Saturation raised rather than removed, built on orange against teal',
      'Day-for-night: daylight footage underexposed, cooled and graded into night',
      'Deep shadows and crisp detail for a hard, graphic image',
      'Subjects kept near the centre of the frame so the eye never hunts between cuts',
    ],
    lookId: 'mad-max-fury',
  },
  {
    id: 'the-matrix',
    title: 'The Matrix (1999)',
    subtitle: 'Cinematography by Bill Pope · directed by the Wachowskis',
    description:
      'The film codes its two worlds in colour. Everything inside the Matrix carries a green cast, the colour of text on an old computer monitor, while the real world aboard the Nebuchadnezzar is cold and blue. Sets, costumes and lighting carry the split as much as the timing of the picture; the strength of the green differs between the theatrical prints and later home-video masters.',
    colorScheme: [
      { hex: '#4F7A3A', name: 'Matrix green' },
      { hex: '#35506E', name: 'Real-world steel blue' },
      { hex: '#0E110E', name: 'Dense black' },
    ],
    analysis:
      'A global tint only works as a storytelling code when it is held without exception. Within minutes the audience learns that green means simulated, and from then on the film can cut between worlds without a single caption.',
    techniques: [
      'A colour code per world, never broken',
      'Green built into sets, wardrobe and lighting before the grade',
      'Hard, high-contrast light with dense blacks',
      'A cold, desaturated blue for the real world as the counterweight',
    ],
    lookId: 'matrix-green',
  },
  {
    id: 'her',
    title: 'Her (2013)',
    subtitle: 'Cinematography by Hoyte van Hoytema · directed by Spike Jonze',
    description:
      'A near future that feels gentle rather than cold. Warm reds, corals and creams dominate, and blue was kept almost entirely out of the wardrobe and production design. Shanghai stands in for parts of Los Angeles, and soft, low-contrast light keeps the city from ever feeling hostile.',
    colorScheme: [
      { hex: '#D65A4A', name: 'Coral red' },
      { hex: '#E9B08C', name: 'Warm skin' },
      { hex: '#EFE3CF', name: 'Cream highlights' },
    ],
    analysis:
      'Taking one hue out of a film is as strong a choice as adding one. With blue gone, warmth reads as intimacy, and the loneliness comes from empty space and soft light instead of from cold colour. The palette stays close to skin, so the faces always belong to their surroundings.',
    techniques: [
      'A palette built by subtraction: blue removed from wardrobe and design',
      'Warm white balance with soft, low-contrast highlights',
      'Wardrobe kept near the hue of skin so faces lead the palette',
      'Diffused light that avoids hard shadows',
    ],
    lookId: 'her-2013',
  },
];
