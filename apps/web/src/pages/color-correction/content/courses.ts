/**
 * The two Expert Master Classes of the colour correction page (6 and 8 hours, lessons of 30 to 90
 * minutes). Each course's lessons add up to its length. They carry no ratings or student counts:
 * nobody has rated or counted them, so any figure would be invented. The lessons teach grading in general; where Cinegrade does a step itself,
 * they say so.
 */

export interface LessonContent {
  theory: readonly string[];
  practical: readonly string[];
  tips: readonly string[];
}

export interface Lesson {
  id: string;
  title: string;
  durationMinutes: number;
  description: string;
  content: LessonContent;
}

export interface Course {
  id: string;
  title: string;
  instructor: string;
  description: string;
  durationHours: number;
  lessons: readonly Lesson[];
}

const INSTRUCTOR = 'The Cinegrade colour team';

export const COURSES: readonly Course[] = [
  {
    id: 'correction-mastery',
    title: 'Color Correction Mastery',
    instructor: INSTRUCTOR,
    durationHours: 6,
    description:
      'The technical half of the job: read scopes, set exposure and contrast, remove casts, bring log footage into Rec.709, protect skin and make a scene match. Everything a look is built on.',
    lessons: [
      {
        id: 'scopes',
        title: 'Reading the Image: Scopes Before Eyes',
        durationMinutes: 45,
        description: 'Waveform, RGB parade and vectorscope: what each one measures and what it tells you to do.',
        content: {
          theory: [
            'The waveform plots brightness across the frame from left to right; height is luminance, from black at the bottom to peak white at the top.',
            'The RGB parade shows the same plot for each channel side by side. Where the three line up on something that should be neutral, the image is balanced.',
            'The vectorscope ignores brightness: hue is the angle around the centre and saturation the distance from it. Neutral greys sit in the middle.',
            'Your eyes adapt to a colour cast within seconds; scopes do not. Use them to confirm what you think you see.',
          ],
          practical: [
            'Find something that should be neutral (a white wall, grey pavement, a shirt) and look at its trace in the parade.',
            'Note where the darkest and brightest parts sit on the waveform before you touch a control.',
            'On the vectorscope, a trace pulled off-centre in one direction is a cast; a trace stretched far from the centre is strong saturation.',
          ],
          tips: [
            'Grade in a dim room against a neutral grey surround, which is why this interface is grey.',
            'Scopes tell you whether an image is balanced and legal, not whether it is beautiful. They inform; your eye decides.',
          ],
        },
      },
      {
        id: 'exposure-contrast',
        title: 'Exposure and Contrast: Black and White Points',
        durationMinutes: 60,
        description: 'Place the darkest and brightest parts of the picture where they belong, then shape the tones between them.',
        content: {
          theory: [
            'The black and white points set the range the image uses; contrast is how the tones are spread between them.',
            'In Rec.709 video, black sits at 0 percent and reference white at 100 percent on the waveform. Most displays clip anything beyond.',
            'Lifting shadows reveals detail and noise; raising highlights adds punch and risks clipping.',
            'An S-curve adds contrast in the mid-tones while rolling the extremes off gently, the way film responds to light.',
          ],
          practical: [
            'Set the black point first, so the darkest detail that matters sits just above 0 percent.',
            'Set the white point next, so bright skies and reflections sit just under 100 percent without flattening.',
            'Place faces where they look natural. As a starting point light skin often sits around 60 to 70 percent and darker skin lower; expose for the person, not for a number.',
            'Switch between SOURCE and PROGRAM to make sure you added depth, not just darkness.',
          ],
          tips: [
            'Crushed blacks are a choice, not a default: once detail is gone, no later step brings it back.',
            'With an overexposed shot, recover the highlights first; every other decision depends on them.',
          ],
        },
      },
      {
        id: 'white-balance',
        title: 'White Balance and Colour Casts',
        durationMinutes: 60,
        description: 'Neutralise casts from mixed light and set a clean base for any look.',
        content: {
          theory: [
            'Colour temperature runs from warm (tungsten, about 3200K) to cool (daylight, about 5600K, and shade above it); tint runs from green to magenta.',
            'A true white-balance shift scales the red and blue channels, so neutrals stay neutral at every brightness. A hue rotation or an added offset does not, and it lifts the blacks. Cinegrade’s temperature slider is a real white-balance shift.',
            'Casts are rarely even: fluorescent tubes add green, shadows lit by open sky turn blue while sunlit areas stay warm.',
          ],
          practical: [
            'Pick a neutral reference and move temperature until its red and blue traces meet in the parade.',
            'Remove any remaining green or magenta with tint.',
            'Check highlights and shadows separately. If they disagree, balance the mid-tones and let the extremes lean the way the light really did.',
          ],
          tips: [
            'Not every shot should be neutral: a sunset should stay warm. Balance for the intent, not for the grey card.',
            'Fix white balance before choosing a look; a look on top of a cast doubles it.',
          ],
        },
      },
      {
        id: 'log-to-rec709',
        title: 'Log Footage and the Transform to Rec.709',
        durationMinutes: 75,
        description: 'Why log looks flat, what a technical transform does, and where a creative look belongs.',
        content: {
          theory: [
            'Log encoding records a wide dynamic range by compressing the highlights and lifting the shadows, so on a normal display it looks grey and flat. It is made to be transformed, not graded by eye from scratch.',
            'A technical transform, from the camera maker’s LUT or a colour-space conversion, maps log into Rec.709 with the contrast and colour the camera was designed for.',
            'Creative looks are almost always designed for Rec.709 input: they go after the transform, never straight onto log.',
            'Rec.709 is the HD video standard: its own primaries, a D65 white point, and a display gamma of about 2.4 in a dim grading room.',
          ],
          practical: [
            'Identify the log curve (S-Log3, LogC, V-Log, C-Log and so on) from the clip’s metadata or the camera settings.',
            'Apply the matching transform to Rec.709 first, then correct exposure and balance on the result.',
            'Only then add a creative look and set its strength.',
          ],
          tips: [
            'A transform for the wrong log curve looks almost right, which is what makes it dangerous: check skin and highlights carefully.',
            'Exposure changes made before the transform roll off more naturally than the same change made after it.',
          ],
        },
      },
      {
        id: 'skin-tones',
        title: 'Skin Tones and the Skin-Tone Line',
        durationMinutes: 60,
        description: 'Keep faces believable under any grade, for every complexion.',
        content: {
          theory: [
            'On the vectorscope, skin of every complexion falls close to one line between red and yellow, the skin-tone line. Complexions differ mostly in brightness and saturation, much less in hue.',
            'Viewers forgive almost any colour in a background and very little in a face.',
            'Saturation lifts every colour equally; vibrance lifts the less saturated colours most and protects skin.',
          ],
          practical: [
            'Find a face in the frame and check where its trace sits relative to the skin-tone line.',
            'If skin leans toward magenta or green, fix the overall balance first; reach for a targeted correction only when the rest of the image is already right.',
            'Use vibrance rather than saturation to give a flat image life without turning faces orange.',
          ],
          tips: [
            'Different people in one shot sit at different points along the line. That is correct: do not force them together.',
            'Dark skin carries colour and sheen beautifully; do not darken or desaturate it to make a scene feel moody.',
          ],
        },
      },
      {
        id: 'shot-matching',
        title: 'Shot Matching Across a Scene',
        durationMinutes: 60,
        description: 'Make shots from different cameras, angles and times of day read as one continuous moment.',
        content: {
          theory: [
            'An audience notices a jump between two shots far more than the absolute colour of either one.',
            'Match in order: exposure and contrast, then white balance, then saturation, then the look.',
            'Choose a hero shot, usually the wide or the most important close-up, and match the others to it.',
          ],
          practical: [
            'Compare shots side by side and on the waveform and parade, never one after another from memory.',
            'Match the black level and the brightness of skin first; they are what the eye compares across a cut.',
            'Start every shot from the hero shot’s settings, then adjust. In Cinegrade the look and slider values are saved with each asset, and with Premium the batch editor applies them to many files at once.',
          ],
          tips: [
            'Match to the story, not the numbers: a reverse angle facing a window may rightly be brighter.',
            'Watch the cut played back. Two shots that look identical side by side can still jump in motion.',
          ],
        },
      },
    ],
  },
  {
    id: 'cinematic-grading',
    title: 'Cinematic Grading Masterclass',
    instructor: INSTRUCTOR,
    durationHours: 8,
    description:
      'The creative half: design a look from references, separate colours, emulate film honestly, isolate parts of the frame, work with LUTs, transform day into night, and deliver exactly what you graded.',
    lessons: [
      {
        id: 'building-a-look',
        title: 'Building a Look: Intent Before Controls',
        durationMinutes: 45,
        description: 'Decide what a scene should feel like and translate that into decisions about contrast, colour and saturation.',
        content: {
          theory: [
            'A look is a consistent set of choices about contrast, colour separation, saturation and texture, made in service of the story.',
            'Start from references: frames from films, paintings or photographs that feel the way your scene should.',
            'Any look can be described by three answers: how much contrast, which hues lead the highlights and the shadows, and how much saturation.',
          ],
          practical: [
            'Collect three reference frames and describe each in one sentence, for example: warm highlights, cool shadows, low saturation.',
            'Grade one key shot toward those sentences, then test the result on the hardest shot of the scene.',
            'Keep the look and its strength so every shot gets the same treatment.',
          ],
          tips: [
            'A look that only works on one shot is not a look yet.',
            'Name a look after the feeling it should give; the name keeps later decisions honest.',
          ],
        },
      },
      {
        id: 'colour-contrast',
        title: 'Colour Contrast and Split Toning',
        durationMinutes: 75,
        description: 'Separate subjects from backgrounds with hue, not only with brightness.',
        content: {
          theory: [
            'Colour contrast is the separation of hues, as tonal contrast is the separation of brightness. Complementary hues, opposite on the colour wheel, separate the most.',
            'Split toning tints the shadows and the highlights with different hues; the classic pair is cool shadows under warm highlights.',
            'Skin lies on the warm side of the wheel, so a cool background separates people naturally.',
          ],
          practical: [
            'Start with a quarter of the shadow tint that feels right and build up from there.',
            'Balance the highlight tint so whites stay believable.',
            'Check the faces on the vectorscope after every change.',
          ],
          tips: [
            'Try less obvious pairs, such as yellow-green against magenta or amber against deep blue, for looks that do not shout blockbuster.',
            'Toggle the effect: if you cannot see a difference it is not working, and if you flinch it is too much.',
          ],
        },
      },
      {
        id: 'film-emulation',
        title: 'Film Emulation: Curves, Colour and Texture',
        durationMinutes: 90,
        description: 'What made film look like film, and how to recreate its response honestly on digital footage.',
        content: {
          theory: [
            'Negative film has a long, gentle shoulder: highlights roll off gradually instead of clipping hard.',
            'The dye layers of film interact: saturated colours darken slightly and hues shift at the extremes, which is much of its character.',
            'Print stocks add their own contrast and colour, often dense, cool blacks under warm highlights.',
            'Grain is a texture that changes with exposure and differs between the colour layers; it is not noise laid on top.',
          ],
          practical: [
            'Build a soft shoulder into the highlights with the tone curve and keep a little toe in the shadows.',
            'Reduce saturation in the brightest highlights so they fade to white the way film does.',
            'Try a film-emulation look, such as a Kodak or Fuji stock, on a correctly transformed Rec.709 image, then lower its strength to taste.',
          ],
          tips: [
            'Emulation is a starting point, not a destination: very few films look like an untouched stock.',
            'Add grain and softness last, and judge them at the delivery resolution.',
          ],
        },
      },
      {
        id: 'secondaries',
        title: 'Secondary Corrections: Qualifiers and Windows',
        durationMinutes: 75,
        description: 'Change one part of the picture without touching the rest.',
        content: {
          theory: [
            'Primary corrections change the whole image. Secondaries isolate a range of hue, saturation or brightness (a qualifier) or an area of the frame (a window or mask).',
            'A good key is soft: hard edges chatter and crawl in motion.',
            'Every secondary has to hold for the whole shot, so check the first and the last frame and anything that moves through the key.',
          ],
          practical: [
            'In a node-based grading application, use a hue qualifier to cool a sky without touching the faces beneath it.',
            'Use a soft oval window to lift a face by a fraction of a stop and draw the eye to it.',
            'View the key on its own before you change any colour, and refine its softness first.',
          ],
          tips: [
            'If a secondary fights the primary, fix the primary.',
            'Two well-judged windows beat ten.',
          ],
        },
      },
      {
        id: 'luts',
        title: 'Working with LUTs',
        durationMinutes: 60,
        description: 'What a 3D LUT is, what it cannot do, and how to use one without letting it grade for you.',
        content: {
          theory: [
            'A 3D LUT is a cube of sample points, commonly 17, 33 or 65 per side, that maps every input colour to an output colour; colours between the samples are interpolated.',
            'Technical LUTs convert between colour spaces, such as log to Rec.709; creative LUTs apply a look. Know which one you are holding.',
            'A LUT sees each pixel on its own, so it cannot hold operations that depend on neighbours, such as clarity or a vignette.',
            'The .cube format is plain text: the size of the cube, then one RGB triplet per line. Almost every application reads it.',
          ],
          practical: [
            'Apply a creative look after your correction and set its strength to blend it with the corrected image.',
            'Cinegrade bakes the look and the global sliders into one 33-point 3D LUT, and applies clarity and vignette after it because a LUT cannot hold them. The preview and the server export use the same LUT, so what you see is what you export.',
            'Check the extremes after applying a LUT: one built for a smaller range can clip highlights or band in smooth gradients.',
          ],
          tips: [
            'Do not stack two creative LUTs for more look; correct the source and use one.',
            '33 points per side is the usual balance between accuracy and size.',
          ],
        },
      },
      {
        id: 'day-for-night-period',
        title: 'Day for Night and Period Looks',
        durationMinutes: 60,
        description: 'Two classic transformations that test everything learned so far.',
        content: {
          theory: [
            'Day for night works because at night we see less colour and less detail, and we read moonlight as cool.',
            'Period looks borrow the limits of the processes of their time: the saturated dyes of three-strip Technicolor, the muted colour and warm highlights of many 1970s prints, the grain of 16mm.',
            'Both depend on the material: the sky, the direction of the light and the production design.',
          ],
          practical: [
            'Take a daylight clip, bring it down about two stops, cool it and halve its saturation, darken the sky and keep skin a touch warmer than the rest.',
            'For a 1970s feel, lower saturation, warm the highlights, lift the blacks slightly and soften the contrast.',
            'Compare both with frames from real films of the period or genre.',
          ],
          tips: [
            'Day for night is sold in the edit: a sequence with one real night shot makes the others believable.',
            'Leave out imitation scratches and dust unless the story needs them; age comes from colour and contrast.',
          ],
        },
      },
      {
        id: 'delivery',
        title: 'Grading for Delivery',
        durationMinutes: 75,
        description: 'Make sure what you graded is what your audience sees, on every screen it plays on.',
        content: {
          theory: [
            'Rec.709 with a display gamma of about 2.4 is the broadcast standard; phones and laptops behave closer to sRGB in brighter rooms.',
            'Colour tags in the file (primaries, transfer and matrix) tell a player how to show it. A file without them is guessed at, and the guess is often wrong.',
            'Compression hits dark gradients and saturated reds first: that is where banding and blocks appear.',
          ],
          practical: [
            'Check your grade on a phone and a laptop as well as on your main display.',
            'Cinegrade renders exports on the server with the same 3D LUT as the preview and tags them Rec.709, so players show them as you graded them.',
            'Choose the format for the destination: H.264 MP4 or VP9 WebM for the web, ProRes 422 HQ when the file goes on to further finishing.',
          ],
          tips: [
            'For broadcast, keep levels within the legal range your delivery specification gives, usually 0 to 100 percent on the waveform.',
            'Watch the exported file, not the preview, before you send it.',
          ],
        },
      },
    ],
  },
];

/** 45 → '45 min', 60 → '1 h', 90 → '1 h 30 min'. */
export function formatLessonDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
