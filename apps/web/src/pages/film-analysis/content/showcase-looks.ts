import type { ShowcaseLook } from './types';

/**
 * Six looks of the Professional LUT Showcase. `lookId` maps each to the look of the editor's
 * catalogue that builds it, so "Open in Editor" starts with it.
 */
export const SHOWCASE_LOOKS: readonly ShowcaseLook[] = [
  {
    name: 'Teal & Orange Blockbuster',
    description:
      'Shadows and backgrounds pushed toward teal, skin and highlights toward orange. It works because skin already sits on the orange side of the vectorscope: its complement behind a face makes people stand out from any background.',
    mood: 'Bold, energetic, larger than life',
    useCase: 'Action, trailers, sport, travel and commercials where subjects must pop',
    filmExamples: [
      { title: 'Transformers (2007)', scene: 'The attack on the US base in Qatar that opens the film', cinematographer: 'Mitchell Amundsen' },
      { title: 'Mad Max: Fury Road (2015)', scene: "The War Rig's run across the desert under a teal sky", cinematographer: 'John Seale' },
      { title: 'Bad Boys II (2003)', scene: 'The freeway chase in which cars tumble off a car carrier', cinematographer: 'Amir Mokri' },
    ],
    lookId: 'blockbuster-teal-orange',
  },
  {
    name: 'Dystopian Amber Haze',
    description:
      'Heavy warmth, lifted and softened blacks and restrained saturation: the picture looks as if it were filmed through dust. Contrast comes from light and shape rather than from colour.',
    mood: 'Desolate, mysterious, oppressively hot',
    useCase: 'Science fiction, deserts, dust storms and wildfire, music videos that should feel post-human',
    filmExamples: [
      { title: 'Blade Runner 2049 (2017)', scene: 'K walks into the orange haze of abandoned Las Vegas', cinematographer: 'Roger Deakins' },
      { title: 'Dune (2021)', scene: 'The open desert of Arrakis by day', cinematographer: 'Greig Fraser' },
      { title: 'The Martian (2015)', scene: "Mark Watney's drives across the red surface of Mars", cinematographer: 'Dariusz Wolski' },
    ],
    lookId: 'blade-runner-2049',
  },
  {
    name: 'Digital Code Green',
    description:
      'A green cast through the shadows and mid-tones, dense blacks and cool, clean highlights: the colour of old monochrome monitors and office fluorescent tubes. Keep skin a little warmer than the rest or faces look ill.',
    mood: 'Artificial, uneasy, technological',
    useCase: 'Tech and cyber thrillers, hacker scenes, surveillance footage, dystopian interiors',
    filmExamples: [
      { title: 'The Matrix (1999)', scene: 'The lobby shootout inside the Matrix', cinematographer: 'Bill Pope' },
      { title: 'The Matrix Reloaded (2003)', scene: "Neo's courtyard fight against hundreds of Agent Smiths", cinematographer: 'Bill Pope' },
      { title: 'Fight Club (1999)', scene: "The narrator's sleepless nights under office fluorescents", cinematographer: 'Jeff Cronenweth' },
    ],
    lookId: 'matrix-green',
  },
  {
    name: 'Golden Hour Warmth',
    description:
      'Low, warm sunlight: golden highlights, warm but clean mid-tones and long soft shadows that keep a trace of blue, so the warmth has something to glow against.',
    mood: 'Nostalgic, tender, hopeful',
    useCase: 'Romance, coming-of-age stories, weddings, lifestyle and travel, end-of-day exteriors',
    filmExamples: [
      { title: 'Days of Heaven (1978)', scene: 'The wheat harvest, photographed largely at magic hour', cinematographer: 'Néstor Almendros' },
      { title: 'Call Me by Your Name (2017)', scene: 'Summer afternoons and bike rides through the Lombardy countryside', cinematographer: 'Sayombhu Mukdeeprom' },
      { title: 'Once Upon a Time in Hollywood (2019)', scene: 'Cliff drives across Los Angeles as the sun goes down', cinematographer: 'Robert Richardson' },
    ],
    lookId: 'golden-hour-magic',
  },
  {
    name: 'Classic Black & White',
    description:
      'A monochrome conversion that weights the colour channels the way panchromatic film did, so skin stays luminous and blue skies darken, with rich blacks and a gentle shoulder in the highlights.',
    mood: 'Timeless, serious, documentary',
    useCase: 'Drama, period pieces, portraits, documentaries, and footage whose colour distracts from the story',
    filmExamples: [
      { title: "Schindler's List (1993)", scene: "The liquidation of the Kraków ghetto, where a girl's red coat is the only colour", cinematographer: 'Janusz Kamiński' },
      { title: 'Raging Bull (1980)', scene: 'The fights inside the boxing ring', cinematographer: 'Michael Chapman' },
      { title: 'Roma (2018)', scene: 'Cleo wades into the waves at Tuxpan to save the children', cinematographer: 'Alfonso Cuarón' },
    ],
    lookId: 'black-white-classic',
  },
  {
    name: 'Modern Technicolor Musical',
    description:
      'Saturated primaries in costume and light over a warm, clean base, with dusk skies allowed to go deep blue and magenta. Colour is part of the choreography, so keep it consistent from shot to shot.',
    mood: 'Romantic, joyful, bittersweet',
    useCase: 'Musicals, music videos, fashion, colourful commercials, stories about dreams',
    filmExamples: [
      { title: 'La La Land (2016)', scene: "'A Lovely Night', the tap dance above Los Angeles at dusk", cinematographer: 'Linus Sandgren' },
      { title: 'The Umbrellas of Cherbourg (1964)', scene: "Geneviève's mother's umbrella shop, painted in saturated pastels", cinematographer: 'Jean Rabier' },
      { title: "Singin' in the Rain (1952)", scene: 'Gene Kelly dances the title number through a rain-soaked street', cinematographer: 'Harold Rosson' },
    ],
    lookId: 'la-la-land',
  },
];
