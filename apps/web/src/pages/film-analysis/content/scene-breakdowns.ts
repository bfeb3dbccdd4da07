import type { SceneBreakdown } from './types';

/** Three scenes taken apart colour by colour. */
export const SCENE_BREAKDOWNS: readonly SceneBreakdown[] = [
  {
    film: 'Joker (2019)',
    cinematographer: 'Lawrence Sher',
    scene: 'Arthur dances down the Bronx stairs',
    colors: [
      { hex: '#A8322D', name: 'Red suit' },
      { hex: '#C99A2E', name: 'Mustard waistcoat' },
      { hex: '#6F7668', name: 'Grey-green concrete' },
    ],
    analysis:
      "For most of the film Arthur lives in tired, teal-green, fluorescent colour: flickering offices, the subway, his mother's apartment. On the stairs he wears the red suit and mustard waistcoat in open daylight, and for the first time the warmest, most saturated colour in the frame belongs to him. The steps and walls stay grey and cool, so the costume does all the work.",
    lesson: 'Save your most saturated colour for the moment a character changes. If everything is saturated, nothing is.',
  },
  {
    film: 'Skyfall (2012)',
    cinematographer: 'Roger Deakins',
    scene: 'The fight in a Shanghai tower, against a glass wall of moving neon advertising',
    colors: [
      { hex: '#2F7FE0', name: 'Screen blue' },
      { hex: '#6FC3D9', name: 'Cyan reflections' },
      { hex: '#06080A', name: 'Silhouette black' },
    ],
    analysis:
      'The fight is lit almost entirely by the giant animated screen outside the glass. The two men fall into near-silhouette, so the action reads as shape and movement against colour, and the shifting light of the screen gives the scene a rhythm that cutting would otherwise have to provide.',
    lesson:
      'You do not need to see every face in every shot. When the shape tells the story, let the scene fall into silhouette and keep the blacks truly black instead of lifting them to show detail.',
  },
  {
    film: 'Moonlight (2016)',
    cinematographer: 'James Laxton',
    scene: 'Juan teaches Little to swim in the sea off Miami',
    colors: [
      { hex: '#2FA3A8', name: 'Turquoise sea' },
      { hex: '#4A2E26', name: 'Deep skin' },
      { hex: '#BFD9E0', name: 'Pale sky' },
    ],
    analysis:
      'Sea and sky are bright and saturated, while the dark skin of the actors is exposed and graded to stay rich and luminous, with highlights that take a cool sheen from the water and the sky. The camera bobs at water level, and the scene feels warm-hearted even though its palette is cool.',
    lesson:
      'Expose and grade for the skin you are photographing. Dark skin holds colour beautifully when it is lit with care rather than pulled down or desaturated: check it on the vectorscope and shape it with reflected, coloured fill.',
  },
];
