import type { ColorPsychologyEntry } from './types';

/**
 * What six colours tend to mean on screen. Meaning comes from context: the same
 * red is love in one film and danger in the next, so each card names both sides.
 */
export const COLOR_PSYCHOLOGY: readonly ColorPsychologyEntry[] = [
  {
    color: '#C0392B',
    name: 'Red',
    meaning:
      'Passion, danger, violence, love. The most attention-grabbing hue on screen: a small patch of red pulls the eye before anything else in the frame, so filmmakers ration it.',
    films: [
      { title: "Schindler's List (1993)", note: "A girl's red coat is the only colour in a black-and-white film" },
      { title: 'The Sixth Sense (1999)', note: 'Red marks the moments the dead reach into the living world' },
      { title: 'In the Mood for Love (2000)', note: 'Deep reds for longing that is never spoken' },
    ],
  },
  {
    color: '#2E5E9E',
    name: 'Blue',
    meaning:
      'Calm, isolation, melancholy, the cold and the night. Blue recedes, so a blue world feels distant; it is also the colour the eye accepts as night, which is why moonlight on screen is blue.',
    films: [
      { title: 'Three Colours: Blue (1993)', note: 'Blue light and objects follow a widow through her grief' },
      { title: 'Moonlight (2016)', note: 'Named after the play In Moonlight Black Boys Look Blue' },
      { title: 'Blade Runner 2049 (2017)', note: "Los Angeles in cold, rain-soaked cyan-grey" },
    ],
  },
  {
    color: '#E2B93B',
    name: 'Yellow',
    meaning:
      'Joy, warmth and innocence, and on the other side sickness, heat, madness and caution. Push yellow into mid-tones and skin and it quickly reads as unhealthy or oppressive.',
    films: [
      { title: 'Traffic (2000)', note: 'The Mexico storyline is tinted a hot, bleached yellow' },
      { title: 'Little Miss Sunshine (2006)', note: 'A yellow camper van carries the family and the comedy' },
      { title: 'Kill Bill: Vol. 1 (2003)', note: 'The Bride’s yellow tracksuit marks her for revenge' },
    ],
  },
  {
    color: '#3F8A4B',
    name: 'Green',
    meaning:
      'Nature, growth and hope, but also sickness, envy, decay and the artificial. Green in skin is almost always wrong, which is exactly why a green cast unsettles.',
    films: [
      { title: 'The Matrix (1999)', note: 'A green cast marks the simulated world' },
      { title: 'Vertigo (1958)', note: 'Judy steps out of a green neon glow as Madeleine returned' },
      { title: 'Fight Club (1999)', note: 'Fluorescent green-yellow for an empty, sleepless life' },
    ],
  },
  {
    color: '#6E4A9E',
    name: 'Purple',
    meaning:
      'Royalty, mystery, fantasy and the uncanny. Rare in nature and in daylight, so it signals that something is extraordinary, theatrical or not quite real.',
    films: [
      { title: 'The Color Purple (1985)', note: 'Purple as the colour of wonder and self-worth' },
      { title: 'Willy Wonka & the Chocolate Factory (1971)', note: "Wonka's purple coat announces a showman" },
      { title: 'The Grand Budapest Hotel (2014)', note: 'Purple uniforms for the hotel in its glory days' },
    ],
  },
  {
    color: '#E0873D',
    name: 'Orange',
    meaning:
      'Warmth, energy, friendship and the heat of fire and sun. Orange is the hue of skin, so it reads as human and inviting, until there is too much of it and it turns into scorching heat.',
    films: [
      { title: 'Mad Max: Fury Road (2015)', note: 'A burning orange desert that never cools' },
      { title: 'Apocalypse Now (1979)', note: 'Orange smoke and napalm against the jungle' },
      { title: 'Blade Runner 2049 (2017)', note: 'Abandoned Las Vegas in dense amber haze' },
    ],
  },
];
