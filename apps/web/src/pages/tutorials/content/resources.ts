import { readTime } from './measure';
import type { Resource } from './types';

const exposureAndWhiteBalance = `
## The grade can move a signal, not invent one

Every grading tool works on the numbers the camera wrote. If a highlight clipped, all three channels sit at the same flat maximum and there is no detail or colour left to bring back. If shadows were crushed into noise, lifting them lifts the noise. If white balance was far off, one channel was recorded dim and has to be stretched, and stretching a dim channel in an 8-bit file shows up as noise and banding, usually in blue under tungsten light.

So the best colour correction happens before the grade: exposing and balancing well on set, and knowing what to check when footage arrives.

## Exposure tools and what they tell you

- **Waveform**: brightness from left to right across the frame. The most honest exposure tool, because it shows where every part of the picture sits.
- **False colour**: paints ranges of brightness in fixed colours. Quick to read, but its ranges are built for one encoding; check which one your monitor assumes.
- **Zebras**: stripes above a threshold. Set near the top of the range they warn of clipping; set lower, they can mark a reference level for skin.
- **Histogram**: counts pixels per level, not where they are. Good for spotting clipping, poor for judging a face.

### Exposing log footage

A log recording looks flat and grey on a normal monitor, and that is correct: the curve spreads the camera's dynamic range over the available code values. Do not expose so that the log picture looks pleasing. Expose the scene, then judge it through a monitoring LUT that converts log to Rec.709, or measure a grey card: on Sony's S-Log3, for example, 18% grey sits at about 41% of the signal. Each camera's log curve places middle grey slightly differently, so learn the numbers of the one you use.

## White balance in the camera

Colour temperature is measured in kelvin: tungsten lamps around 3200K, daylight around 5600K, an overcast sky higher still. The camera's white balance setting tells it which light should render as neutral. Set it to the dominant source and lock it: automatic white balance drifts during a shot, and a drifting balance is far harder to correct than a wrong but steady one.

The second axis is **tint**, from green to magenta. Fluorescent tubes and cheap LEDs often spike green; the kelvin control cannot remove that, the tint control can.

> Shoot five seconds of a grey card under the key light at the start of each setup. It costs nothing on set and gives the colourist a neutral reference for every shot that follows.

### Mixed light

Decide which source is white, usually the key light on the face. Other sources will then read warm or cool, which is often beautiful: a blue window in a tungsten room says evening. The problem is two sources of different colour on the same face. That can be isolated in the grade, but never as cleanly as fixing it with a gel.

## What to do when the footage arrives

1. Set the black and white points on the waveform before anything else.
2. Find something that should be neutral: a grey card, a white shirt, concrete.
3. On the RGB parade, bring red, green and blue to the same level on that object, in the shadows, midtones and highlights.
4. Check skin against the vectorscope's skin-tone line.
5. Only then start on the look.

In linear light a white balance is a gain on each channel; in a log encoding, the same correction is an offset on each channel, which is why log-aware grading tools balance with offset. On a Rec.709 file from a phone the balance is already baked in, and a per-channel gain on the encoded signal is an approximation that works for small shifts and breaks down for large ones.

Neutral is a reference, not a rule. Once a shot is balanced you may warm a sunset or cool a night exterior, but you do it on purpose, on top of a clean base.
`;

const anatomyOfACube = `
## A text file that describes a colour transform

A 3D LUT samples a colour transform on a regular grid: for a set of input colours it stores the output colour, and the application interpolates for everything in between. The .cube format, introduced by Iridas and documented by Adobe as the Cube LUT Specification, writes that grid as plain text. Almost every grading application reads it, and so does ffmpeg's lut3d filter.

## The smallest complete example

This file is an identity LUT with two points per axis, the eight corners of the RGB cube:

~~~
# Identity: every colour maps to itself
TITLE "Identity 2"
LUT_3D_SIZE 2
DOMAIN_MIN 0.0 0.0 0.0
DOMAIN_MAX 1.0 1.0 1.0
0.0 0.0 0.0
1.0 0.0 0.0
0.0 1.0 0.0
1.0 1.0 0.0
0.0 0.0 1.0
1.0 0.0 1.0
0.0 1.0 1.0
1.0 1.0 1.0
~~~

### Line by line

- **# …** is a comment, ignored by readers.
- **TITLE** names the LUT; optional.
- **LUT_3D_SIZE N** gives the points per axis. The file must then hold exactly N × N × N data lines.
- **DOMAIN_MIN** and **DOMAIN_MAX** give the input range; when absent it is 0 to 1. Inputs outside the domain are clamped to it.
- Each data line is one output colour: red, green, blue, as decimal numbers.

### The order of the data lines

Red changes fastest, then green, then blue. The output for the lattice point with indices r, g and b is on data line r + N × g + N × N × b, counting from zero. Reading the order the wrong way round swaps red and blue in every result, a mistake that is easy to spot on a colour chart and easy to miss on a grey scene.

## Sizes and what they cost

- **17 points**: 4,913 entries. Fine for gentle looks, coarse for strong contrast changes.
- **33 points**: 35,937 entries. The usual choice; a good balance of accuracy and size.
- **65 points**: 274,625 entries. For demanding technical transforms, such as a log-to-display conversion with a steep highlight roll-off.

## What the file does not tell you

A .cube file does not say which encoding it expects on input or produces on output. A LUT built to turn S-Log3 into Rec.709 will make a Rec.709 clip look washed out and wrong, and nothing in the file warns you. Put it in the name instead: SLog3-SGamut3Cine_to_Rec709_33.cube says what goes in, what comes out and the size.

## Between the lattice points

Most input colours fall between lattice points, so the application interpolates. **Trilinear** interpolation blends the eight corners of the cell; **tetrahedral** interpolation splits the cell into six tetrahedra around its black-to-white diagonal and blends only four points. Tetrahedral keeps greys neutral when the lattice points on the diagonal are neutral, and costs less arithmetic, which is why grading applications prefer it.

## 1D LUTs and shapers

A file with **LUT_1D_SIZE N** holds N lines, each mapping one input level per channel independently: a curve, not a colour transform. Some applications, DaVinci Resolve among them, accept a 1D shaper and a 3D table in one file with LUT_1D_INPUT_RANGE and LUT_3D_INPUT_RANGE keywords. The shaper spreads a wide input range such as scene-linear light evenly across the 3D grid. Not every reader understands the combination, so test before you send one.

## A checklist for any LUT you are given

1. Which input encoding and gamut does it expect?
2. Which output does it produce, and for which display?
3. How many points per axis?
4. Does it clip? Run a grey ramp through it and watch the ends on the waveform.
5. Does it keep greys neutral? Watch the ramp on the vectorscope: it should stay a dot in the centre.
`;

const skinTonesOnTheVectorscope = `
## Why skin has a line of its own

The vectorscope plots every pixel by hue and saturation: the angle around the circle is the hue, the distance from the centre the saturation. Its graticule marks targets for red, magenta, blue, cyan, green and yellow, and between the red and yellow targets, at about eleven o'clock, a line runs out from the centre: the skin-tone line.

Skin gets its colour mostly from melanin and from the blood beneath it, and both absorb light in broadly the same way in every person. Skin of every complexion therefore lands close to the same hue. What differs between people is mostly lightness and saturation, which on the vectorscope means how long the trace is, not where it points.

## Reading a face, not the frame

A vectorscope shows the whole picture, so a blue wall or a green park can hide the face entirely. Isolate the skin before you read it:

- zoom or crop to a patch of cheek or forehead in even light,
- or draw a window around the face and view the scope for that area only,
- and avoid lips, eyes, hair and specular highlights, which are not skin colour.

## What the trace tells you

- **Leaning toward red or magenta**: pink, flushed, sunburnt.
- **Leaning toward yellow or green**: sallow, unwell, waxy.
- **Very short**: grey and lifeless, often after a heavy desaturating look.
- **Very long**: orange, the fake-tan look of too much saturation.

## Correcting skin, in order

1. **Fix the whole image first.** If the face is green because the whole shot is green, correct the white balance globally; the skin will follow.
2. **Then isolate.** When only the face is off, typically from mixed light, select the skin with a hue, saturation and luminance qualifier. Soften the key so the edges do not show.
3. **Move the hue in small steps** toward the line and watch the face, not only the scope. A few degrees is usually enough.
4. **Adjust saturation last**, and less than you think.

### Protecting skin from a look

Strong looks such as teal and orange, bleach bypass or a cold thriller palette pull skin with them. Build the look first, then qualify the skin and bring its hue and saturation back toward natural. Viewers forgive almost any colour in a background; they notice a wrong face at once.

## Skin on the waveform

The vectorscope says nothing about brightness, so check the waveform too. As a rough guide for Rec.709 delivery, lighter skin often sits around 55–70% and darker skin around 30–50%, but lighting intent comes first. Do not push every face to the same level: darker skin has its own richness, and lifting it to match a lighter face flattens it. Keep specular highlights on skin below clipping, because the shine on darker skin is what carries the shape of the face.

> The skin-tone line is a sanity check, not a target. Firelight, a sunset or a neon sign rightly pull skin off the line. The question is always whether the skin looks like the light it is in.
`;

/** The three educational resources, with their full articles. */
export const RESOURCES: readonly Resource[] = [
  {
    id: 'exposure-and-white-balance',
    title: 'Exposure and White Balance Before the Grade',
    type: 'Guide',
    readTime: readTime(exposureAndWhiteBalance),
    description:
      'What to get right on set and what to check first in the grade: exposing log footage, locking white balance, handling mixed light and neutralising a shot on the RGB parade.',
    fullContent: exposureAndWhiteBalance,
  },
  {
    id: 'anatomy-of-a-cube-lut',
    title: 'Anatomy of a .cube LUT',
    type: 'Reference',
    readTime: readTime(anatomyOfACube),
    description:
      'A 3D LUT file read line by line: the header keywords, the order of the data lines, lattice sizes, interpolation, shapers and a checklist for any LUT you are handed.',
    fullContent: anatomyOfACube,
  },
  {
    id: 'skin-tones-on-the-vectorscope',
    title: 'Skin Tones on the Vectorscope',
    type: 'Workflow',
    readTime: readTime(skinTonesOnTheVectorscope),
    description:
      'Why skin of every complexion falls near one line, how to read a face rather than the frame, and a step-by-step order for correcting skin and protecting it from a strong look.',
    fullContent: skinTonesOnTheVectorscope,
  },
];
