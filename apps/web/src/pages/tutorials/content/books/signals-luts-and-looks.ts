import { defineBook } from '../measure';

/** Book two: the colour pipeline from the camera's encoding through LUTs and looks to delivery (15 chapters). */
export const SIGNALS_LUTS_AND_LOOKS = defineBook(
  {
    id: 'signals-luts-and-looks',
    title: 'Signals, LUTs and Looks',
    subtitle: 'The colour pipeline from camera encoding to delivery',
    author: 'Ruben Halvorsen-Achebe',
    published: '2024',
    description:
      'What the numbers in a video file mean and how they travel: Rec.709 and log encodings, colour-managed workflows, how 3D LUTs are built, interpolated and stored as .cube files, how looks are designed for a genre, and how to deliver files that play back the way you graded them.',
    difficulty: 'Intermediate',
    isbn: 'CG-2024-0215',
    coverColor: '#5b3f2e',
  },
  [
    {
      chapter: 'Light, Numbers and Colour Spaces',
      topics: ['Primaries and white point', 'Transfer functions', 'Gamut versus encoding', 'RGB and YCbCr'],
      content: `
## A pixel is three numbers and an agreement

A pixel in a video file is three numbers. On their own they mean nothing: 0.5, 0.4, 0.3 could be a warm grey on one display and a muddy brown on another. They acquire a meaning only through an agreement about what the numbers stand for. That agreement is a **colour space**, and it has three parts.

- **Primaries**: the exact colours of pure red, pure green and pure blue, given as coordinates on the CIE 1931 chromaticity diagram. They set the **gamut**, the triangle of colours the space can represent.
- **White point**: the colour produced when all three channels are equal. For video this is almost always D65, a daylight white.
- **Transfer function**: how the numbers relate to light. Double the number does not mean double the light; the curve says what it does mean.

Change any of the three and the same numbers describe different colours.

## Gamut and encoding are different things

People often say "log" or "709" as if each were one property. They are two:

- Rec.709 names both a set of primaries and a transfer function.
- A camera's log format is usually a pair too: a log curve (the encoding) and a wide gamut (the primaries), such as S-Log3 with S-Gamut3.Cine.

You can have Rec.709 primaries with a log curve, or wide-gamut primaries with a display curve. A conversion has to handle both parts: a curve conversion alone leaves colours wrongly saturated; a gamut conversion alone leaves the contrast wrong.

## Linear light and encoded signals

Light in the scene is **linear**: twice the photons, twice the value. Our perception is not: each doubling of light, each **stop**, looks like a similar step in brightness. Transfer functions bend linear light into a signal where the code values are spent more evenly across what we can see. A grading tool may work on the encoded signal or convert to linear light internally, and controls behave differently in each: a gain in linear light is an exposure change, while the same gain on an encoded signal is not quite one.

## RGB and YCbCr

Most video files do not store RGB. They store **YCbCr**: a luma signal (Y) and two colour-difference signals (Cb and Cr). This allows chroma subsampling, storing the colour signals at lower resolution than luma. The weights used to build luma from RGB are the **matrix coefficients**, and they differ between standards: Rec.709 uses 0.2126 red, 0.7152 green and 0.0722 blue. Decode with the wrong matrix and colours shift slightly, most visibly in reds and greens.

## Why this matters in the grade

Every tool in the grading chain makes assumptions about the colour space of its input. A LUT built for one space, a scope calibrated for one range, a display expecting one curve: when the assumptions agree, things work. When they do not, you get washed-out, over-contrasty or oddly tinted pictures that no amount of grading quite fixes, because the fault is in the interpretation, not the image.

> The first question for any footage is not "what look?" but "what are these numbers?" Camera, curve, gamut, range and bit depth. Write them down.
`,
    },
    {
      chapter: 'Rec.709 Explained',
      topics: ['BT.709 primaries and D65', 'The camera OETF', 'BT.1886 and gamma 2.4', 'sRGB compared'],
      content: `
## The standard everything meets

ITU-R BT.709 was written for high-definition television, and it remains the target for standard dynamic range video: broadcast, most streaming and most web video. Whatever a camera records, an SDR deliverable ends up here.

## Primaries and white

- Red at x 0.64, y 0.33
- Green at x 0.30, y 0.60
- Blue at x 0.15, y 0.06
- White at D65, x 0.3127, y 0.3290

These are the same primaries and white point as sRGB, which is why Rec.709 video and sRGB images share a gamut.

## The camera curve: an OETF

BT.709 defines an **opto-electronic transfer function** (OETF): how a camera turns scene light L, from 0 to 1, into a signal V.

~~~
V = 4.5 × L                    for L < 0.018
V = 1.099 × L^0.45 − 0.099     for L ≥ 0.018
~~~

The short linear segment near black avoids an infinitely steep curve at zero, which would amplify sensor noise. Put 18% grey through this function and you get about 0.41, which is why middle grey sits near 41% on a Rec.709 waveform.

## The display curve: BT.1886

For decades, BT.709 said nothing definite about displays: they were CRTs, and CRTs had the response they had. ITU-R BT.1886 later wrote that response down as an **EOTF**, an electro-optical transfer function. On a display with a perfect black it is a pure power law: light = V^2.4. With a raised black level, BT.1886 adjusts the curve so that shadows stay distinguishable.

## The OETF and the EOTF are not inverses

This is the part most often misunderstood. The camera curve behaves roughly like a power of 1/1.96 over most of its range; the display applies a power of 2.4. The two do not cancel. The product is an end-to-end **system gamma** of about 1.2: the picture on the display has a little more contrast than the scene had.

That is intentional. TV and film are watched in dim surroundings, and a dim surround makes images look flatter than they are. The extra contrast compensates, so that the picture looks natural to a viewer in a dim room. It is also why grading an SDR programme means grading on a BT.1886 display with gamma 2.4 in a dim room, and why the same picture can look too contrasty in a dark room or too flat in a bright office.

## sRGB compared

sRGB, the standard for computer images and the web, shares the primaries and white but uses a different curve: a piecewise function that behaves like a gamma of about 2.2, specified for a brighter, office-like viewing environment. A Rec.709 video viewed through an sRGB curve looks slightly lighter in the shadows than on a gamma 2.4 display. Neither is wrong; they were designed for different rooms.

## In practice

1. Grade SDR video on a display calibrated to Rec.709 primaries, D65 and BT.1886 gamma 2.4.
2. Judge web delivery on typical devices as a second check, knowing they may show the shadows a little lighter.
3. Treat the 41% grey and the 2.4 display as your fixed points when something looks inexplicably off.

> Rec.709 is a camera encoding and, by way of BT.1886, a display standard. When someone says "gamma 2.4", they mean the display; when they say "the Rec.709 curve", they usually mean the camera.
`,
    },
    {
      chapter: 'Log Encodings: Why Cameras Record Flat',
      topics: ['Stops and code values', 'Where middle grey sits', 'Curve and gamut pairs', 'Exposing and correcting log'],
      content: `
## The problem with linear

Each stop of light is a doubling. If a camera stored linear light directly in a 10-bit file, the brightest stop would take half of all 1,024 code values, the next stop a quarter, the next an eighth, and the darkest stops would share a handful of values between them. Highlights, where the eye sees little difference, would be lavishly described; shadows, where it sees a lot, would band and posterise.

## What a log curve does

A logarithmic encoding gives each stop roughly the **same number of code values**. Across most of the range, adding a stop of light adds a fixed amount to the signal. The camera's full dynamic range, often thirteen stops or more, fits into the file with detail preserved in both shadows and highlights.

The cost is that the picture looks flat and grey on a normal display. Shadows are lifted, highlights are pulled down, saturation is low. That is not a look or an error; it is an encoding, and it needs converting before anyone should judge it.

## Where middle grey sits

Every manufacturer's curve places middle grey differently. Two examples:

- Sony S-Log3 places 18% grey at about 41% of the signal and 90% white at about 61%.
- ARRI LogC3, at its base exposure index of 800, places 18% grey at about 39%.

Knowing your camera's numbers lets you check exposure on a waveform without any conversion.

## Curve and gamut come in pairs

A log format is usually paired with a wide-gamut set of primaries: S-Log3 with S-Gamut3 or S-Gamut3.Cine, LogC3 with ARRI Wide Gamut 3, and so on. Wide gamuts keep saturated colours, such as stage lighting or a red sports car, that Rec.709 primaries cannot hold. A correct conversion handles both: the curve to bring contrast back, the gamut to bring colours into the target primaries.

## Exposure and balance in log

Log has a useful property for grading: because a stop is a fixed step in the signal, **offset** in log space is an exposure change, and offset on one channel is a white balance change, much as a gain per channel is in linear light. This is why correcting before the conversion, in log, gives clean and predictable results, and why grading applications built around log footage lead with an offset control.

## Exposing log on set

1. Judge the picture through a monitoring LUT that converts the log image for the display.
2. Check exposure with a waveform or false colour set up for the log curve, or read a grey card against the known middle-grey level.
3. Protect highlights deliberately. Some cameras benefit from a little overexposure to clean up shadows, but test yours; the headroom above middle grey differs between curves.

## When not to shoot log

Log spreads the same bits over a wider range. In an 8-bit recording, each stop gets few code values, and pushing the grade shows banding quickly. For footage that will not be graded, or 8-bit cameras with heavy compression, a well-exposed Rec.709 profile is often the better choice.

> Log is a container for light, not a picture. The first node in its chain is always a conversion, whether a LUT, a colour space transform or a colour-managed working space.
`,
    },
    {
      chapter: 'Scene-Referred and Display-Referred Workflows',
      topics: ['Display-referred grading', 'Scene-referred working spaces', 'Input and output transforms', 'ACES in brief'],
      content: `
## Two ways to organise the chain

There are two broad ways to arrange a grade, and most confusion about where a LUT belongs comes from mixing them up.

## Display-referred

In a **display-referred** workflow, the footage is converted to the display's encoding, usually Rec.709, early in the chain, and all grading happens on that display-ready signal.

- Simple and intuitive: what the controls act on is what you see.
- Fine for single-camera projects with one SDR deliverable.
- But the conversion clips or compresses highlights early, so later adjustments have less to work with, and controls behave differently for each camera because each camera's conversion differs.

## Scene-referred

In a **scene-referred** workflow, footage is converted into a common working space that still describes the scene: wide gamut, with a log-like or linear encoding that keeps the full range. Grading happens there, and a single **output transform** at the end renders the result for the display.

1. **Input transform**: from each camera's encoding and gamut to the working space.
2. **Grade**: in the working space, where exposure and balance act like physical changes to the scene's light.
3. **Output transform**: from the working space to Rec.709, or to an HDR standard, or to several deliverables.

The benefits are consistency and flexibility. Cameras from different makers arrive in the same space, so the same control move has the same effect on each. Highlights are not lost until the output transform compresses them, and that compression can be designed carefully once. A second deliverable, such as HDR, needs a different output transform, not a regrade from scratch.

## ACES in brief

The Academy Color Encoding System is an open framework built on this idea. It defines a very wide linear interchange and archival space, ACES2065-1, and working spaces for grading, of which ACEScct, a log encoding with a toe near black, is the one colourists usually grade in. Input transforms exist for most professional cameras, and output transforms for SDR and HDR displays.

You do not have to use ACES to work scene-referred. Many grading applications offer their own managed working spaces built on the same principle.

## Where LUTs fit

- A **camera-to-Rec.709 LUT** is a display-referred conversion. Put it after the corrections that belong to the log signal, such as exposure and balance.
- In a managed workflow the input and output transforms take the place of that LUT; adding one as well converts twice.
- A **creative LUT** was built for a particular input. Check whether it expects log, a working space or Rec.709, and put it at the point in the chain where that signal exists.

## Choosing

For a short project from one camera, delivered only in SDR, display-referred grading with a good conversion LUT is quick and perfectly respectable. For mixed cameras, long projects, visual effects or multiple deliverables, the time spent setting up a scene-referred pipeline is repaid many times over.

> Whichever you choose, know where the conversion happens. Nearly every "my LUT looks wrong" problem is a signal reaching a transform in an encoding it was not built for.
`,
    },
    {
      chapter: 'What a LUT Is, and What It Cannot Do',
      topics: ['1D and 3D LUTs', 'Technical and creative LUTs', 'Limits of a fixed transform'],
      content: `
## A table instead of a formula

A lookup table replaces a calculation with a list of answers. Instead of computing a colour transform for every pixel, the application looks up precomputed outputs for a set of inputs and interpolates between them. Any transform that depends only on a pixel's own colour can be captured this way, however complicated it was to build.

## 1D and 3D

- A **1D LUT** holds one curve per channel. Red in gives red out, independently of green and blue. It can change brightness, contrast, per-channel balance and transfer functions, but it cannot change saturation or shift one hue into another, because that needs to know the other channels.
- A **3D LUT** maps each RGB triplet to a new RGB triplet. It can do everything a 1D LUT can, and also saturation changes, hue shifts, gamut conversions and the subtle cross-channel behaviour of film emulations.

## Technical and creative

- A **technical LUT** performs a defined conversion, such as a camera's log and gamut to Rec.709. It has a right answer and is usually supplied by the camera maker.
- A **creative LUT** carries a look: contrast, a palette, a film emulation. It has no right answer, only an intended input.
- A **monitoring LUT** is used on set or on a display to view footage through a conversion or a look without changing the recording.

## What a LUT cannot do

A LUT is a fixed, point-by-point function. That makes it fast and portable, and also defines its limits:

- **No spatial operations.** Blur, sharpening, grain, halation, glow and vignettes depend on neighbouring pixels or position in the frame. A LUT sees one pixel at a time.
- **No secondaries with windows or tracking.** A LUT can include a colour-based change, such as shifting a hue, but not a change confined to part of the frame.
- **No adaptation to exposure.** It responds to the numbers it receives. Underexpose by a stop and the LUT produces a different result, not a brighter version of the right one.
- **A fixed domain.** Inputs outside the LUT's domain are clamped. A LUT built for 0 to 1 cannot pass on superwhites or values a wide working space might hold.
- **Finite precision.** Between lattice points it interpolates. For smooth transforms this is invisible; for steep ones a coarse lattice can show errors.

## LUTs are frozen decisions

A LUT is the end of a design process, not the process itself. If a look was built from a series of adjustments, those adjustments remain editable in the project, while the LUT is a snapshot. Use LUTs to carry a finished transform between applications, to monitor on set, or to apply a conversion consistently. Grade with adjustable tools.

## Judging a LUT

1. Read its documentation for the expected input and the output it produces.
2. Run a grey ramp through it. The ramp should stay neutral on the vectorscope and smooth on the waveform.
3. Apply it to a colour chart and to skin under neutral light.
4. Apply it to a correctly exposed, balanced shot. Judging a LUT on uncorrected footage judges the footage.

> Most disappointment with LUTs comes from feeding them the wrong signal. Correct first, then apply, and a good LUT does what it promised.
`,
    },
    {
      chapter: 'Inside a 3D LUT: the Lattice',
      topics: ['Lattice points and sizes', 'Memory and GPU textures', 'Where coarse lattices fail', 'Shapers'],
      content: `
## A cube of samples

Picture the space of input colours as a cube: red along one edge, green along another, blue along the third, black at one corner and white at the opposite one. A 3D LUT divides each edge into N evenly spaced points, from 0 to 1, giving a regular three-dimensional grid, the **lattice**. At each lattice point it stores the output colour for that input. The input at index i along an axis is i divided by N − 1.

## Sizes

- **17 points per axis**: 17³ = 4,913 entries.
- **33 points**: 33³ = 35,937 entries.
- **65 points**: 65³ = 274,625 entries.

Size grows with the cube of N. A 33-point LUT stored as 32-bit floats takes 35,937 × 3 × 4 bytes, about 420 KB in memory, which is trivial for a GPU. On the GPU a 3D LUT is usually uploaded as a 3D texture, so each pixel's lookup is a texture fetch, and the whole image is transformed in a fraction of a millisecond.

## Accuracy lives between the points

The lattice is exact only at its points; everything else is interpolated. How good that is depends on how much the transform **curves** between neighbouring points. Gentle looks change slowly across the cube and are captured well by 17 points. Demanding transforms need more:

- log-to-display conversions, whose highlight roll-off bends sharply near the top of the range,
- strong contrast curves,
- hue shifts confined to a narrow band of colours,
- transforms that clip abruptly.

In those regions a coarse lattice cuts corners, and the errors can show as hue shifts or soft banding in smooth gradients. This is why technical conversions are commonly published as 33- or 65-point LUTs.

## The problem of uneven inputs

A lattice spaces its points evenly in the input values. If the input is scene-linear light, most of the visually important shadow and midtone range occupies a small fraction of the cube, near black, and is served by very few points, while highlights get most of the lattice. Encoded inputs such as log are far better suited, because log spaces the stops evenly.

## Shapers

When a LUT must accept linear or very wide-range input, a **shaper** is placed in front of it: a 1D curve, often logarithmic, that redistributes the input so the 3D lattice points are spent where the image needs them. The shaper and the 3D table together form the transform; applying the table without its shaper gives wrong results. Some file formats store both in one file.

## What a lattice cannot hold

Because inputs are clamped to the lattice's domain, the corners of the cube are the limits of what the LUT can represent. A transform that should pass values above 1 or below 0 unchanged needs a wider domain, a shaper, or a mathematical transform instead of a LUT.

> When a LUT shows banding that the original grade did not, suspect the lattice: rebuild at a larger size, or add a shaper, before blaming the footage.
`,
    },
    {
      chapter: 'Interpolation: Trilinear and Tetrahedral',
      topics: ['Finding the cell', 'Trilinear weights', 'Tetrahedral cases', 'Why greys stay grey'],
      content: `
## Finding the cell

For an input colour, the application first scales each channel to lattice coordinates: multiply by N − 1. The whole part of each coordinate picks the **cell**, the small cube of eight lattice points that encloses the colour. The fractional parts, fr, fg and fb, each between 0 and 1, say where inside the cell the colour lies.

## Trilinear interpolation

Trilinear interpolation blends all **eight corners** of the cell. Each corner's weight is the product of three factors, either f or 1 − f for each axis, depending on which side of the cell the corner sits. In practice it is done as seven linear blends: four along red, two along green and one along blue.

Trilinear is simple and is what GPU texture hardware does natively, so a LUT stored as a 3D texture can be interpolated trilinearly for free.

Its weakness is along the **neutral axis**. A grey input has equal fractions, fr = fg = fb, but trilinear still gives weight to corners off the diagonal, such as the corner with more red or the corner with more green and blue. If those corners carry colour, as they do in most looks, a little of that colour leaks into greys. The result can be faint tints in neutral gradients, and a slight softening of hue transitions.

## Tetrahedral interpolation

Tetrahedral interpolation splits the cell into **six tetrahedra** that all share the cell's diagonal from its black corner to its white corner. Which tetrahedron contains the colour is decided simply by the order of the three fractions, and the result blends only that tetrahedron's **four corners**.

For the case fr ≥ fg ≥ fb, with the corners written as C followed by their red, green and blue offsets:

~~~
out = (1 − fr) × C000
    + (fr − fg) × C100
    + (fg − fb) × C110
    +  fb       × C111
~~~

The other five cases follow the same pattern with the channels in their order. The weights always sum to one.

## Why greys stay grey

For a grey input the three fractions are equal, so in the formula above the middle two weights are zero and only C000 and C111, the corners on the diagonal, contribute. A grey input therefore depends only on lattice points that are themselves on the neutral axis. If the LUT keeps its diagonal neutral, tetrahedral interpolation keeps every grey in between neutral too.

Tetrahedral interpolation also costs less arithmetic than trilinear: a few comparisons to pick the case and four multiplications per channel, instead of seven blends. Its results are generally closer to the true transform, especially for saturated colours near the edges of the gamut.
## Side by side

- **Corners blended**: eight for trilinear, four for tetrahedral.
- **Greys**: trilinear mixes in corners off the diagonal; tetrahedral uses only the diagonal.
- **Cost**: seven blends per channel, against a comparison of the fractions and four multiplications.
- **On the GPU**: trilinear comes free with texture filtering; tetrahedral takes a few lines of shader code.

## Which one is used

Most grading applications use tetrahedral interpolation for 3D LUTs, at least when rendering the final output. Some tools offer a choice; ffmpeg's lut3d filter, for example, has an interp option that includes trilinear and tetrahedral. When the same LUT looks slightly different in two applications, interpolation is one of the first things to check.

> Interpolation differences are small next to a wrong input encoding, but they are visible on the things viewers are sensitive to: grey gradients and skin. Prefer tetrahedral when you can choose.
`,
    },
    {
      chapter: 'The .cube Format in Depth',
      topics: ['Header keywords', 'Data order', 'Validating a file', 'Applying a .cube with ffmpeg'],
      content: `
## A plain-text standard

The .cube format stores a 1D or 3D LUT as plain text. It was introduced by Iridas and is documented by Adobe as the Cube LUT Specification; virtually every grading, editing and compositing application reads it. Because it is text, you can open one in any editor, which is the best way to understand it and to diagnose problems.

## The header

- **TITLE "name"**: optional; the name shown by some applications.
- **LUT_3D_SIZE N**: a 3D table with N points per axis. The Adobe specification allows N from 2 to 256.
- **LUT_1D_SIZE N**: a 1D table with N entries instead.
- **DOMAIN_MIN r g b** and **DOMAIN_MAX r g b**: the input range for each channel; 0 0 0 and 1 1 1 when absent.
- Lines starting with **#** are comments.

## The data

After the header come the data lines, each three decimal numbers: the output red, green and blue for one lattice point. A 3D table must have exactly N³ lines. They are ordered with **red changing fastest**, then green, then blue:

~~~
LUT_3D_SIZE 3
# b = 0, g = 0: r = 0, 1, 2
0.0 0.0 0.0
0.5 0.0 0.0
1.0 0.0 0.0
# b = 0, g = 1: r = 0, 1, 2
0.0 0.5 0.0
0.5 0.5 0.0
1.0 0.5 0.0
# … and so on, 27 lines in all
~~~

The output for indices r, g and b is data line r + N × g + N² × b, counting from zero.

## Validating a file

When a LUT behaves strangely, check:

1. **The line count**: exactly N³ data lines for a 3D table. A truncated file may be silently padded or rejected, depending on the reader.
2. **The order**: red and blue swapped shows as a blue face where it should be orange, obvious on a chart.
3. **The domain**: a LUT built for a wider domain than its header declares maps every input to the wrong point.
4. **Values outside 0 to 1**: allowed in the data, since outputs may be wide-range, but a sign that the LUT expects a particular working space.
5. **Line endings and stray characters**: most readers cope with Windows line endings; some do not cope with commas as decimal separators, produced by software running in some locales.

## Reading one yourself

A minimal reader is a short loop: skip blank lines and comments, read keywords until the first line that starts with a number, then read numbers three at a time into an array of N³ entries. Validate the count before using it, and report the line number of anything that does not parse. That is all the format asks.

## Applying a .cube with ffmpeg

ffmpeg's lut3d filter applies a .cube file to video, with a choice of interpolation:

~~~
ffmpeg -i graded.mov -vf lut3d=file=look.cube:interp=tetrahedral -c:v prores_ks -profile:v 3 look_applied.mov
~~~

The filter works on the decoded pixels it receives, so make sure the input is in the encoding the LUT expects.

## Extensions

Some applications extend the format, for example DaVinci Resolve's combination of a 1D shaper and a 3D table in one file with LUT_1D_INPUT_RANGE and LUT_3D_INPUT_RANGE. These files do not always load elsewhere. For exchange, a plain 3D table at 33 points is the safest choice.

> Name LUT files with what they expect and what they produce, such as SLog3-SGamut3Cine_to_Rec709_33.cube. The format has no field for it, and in six months nobody will remember.
`,
    },
    {
      chapter: 'Building a LUT',
      topics: ['Sampling a grade', 'Choosing a size', 'Identity images', 'Testing before release'],
      content: `
## Sampling a transform

Building a 3D LUT means **sampling** a colour transform at every lattice point. For each point, take its input colour, run it through the grade exactly as the application would process a pixel, and record the output. Grading applications do this when they export a LUT from a node tree; writing your own generator is a loop over three indices.

~~~
for b in 0 … N−1:
  for g in 0 … N−1:
    for r in 0 … N−1:
      input  = (r, g, b) / (N − 1)
      output = grade(input)
      write output as one line
~~~

The loop order matches the .cube rule that red changes fastest.

## What survives the bake

Only the parts of the grade that depend on a pixel's own colour survive:

- primaries, curves, saturation, hue curves and colour-based qualifiers: yes,
- windows, tracking, blur, sharpening, grain, halation and noise reduction: no.

If a look depends on any of the second group, deliver those parts separately or recreate them in the destination.

## Choosing the size

1. Start at 33 points for looks and general use.
2. Use 65 points for steep technical transforms, such as a log-to-display conversion with a strong highlight roll-off.
3. Compare the LUT against the live grade on a difficult frame, a smooth sky or a grey ramp, at both sizes. If you cannot see a difference at 33, there is no reason to send 65.

## Identity images

Some tools can process images but cannot export LUTs. For those, an **identity image** carries the lattice through: an image whose pixels contain every lattice colour in a known order, such as the Hald layout. Process the image in the other tool, then read its pixels back into a LUT. The method only works if the tool applies the same adjustment to every pixel, with nothing spatial, no automatic corrections and no compression between steps. Save the processed image losslessly, at 16 bits if possible.

## Designing for the right input

Decide and document the input the LUT expects: log with a given gamut, a working space, or Rec.709. A creative LUT designed on corrected Rec.709 footage should be applied to corrected Rec.709 footage. One designed in a log working space should be applied before the conversion to display. Building a look in the same space as the footage it will meet removes most surprises.

## Testing before release

- **Grey ramp**: stays neutral on the vectorscope, smooth on the waveform, no steps or reversals.
- **Colour chart**: patches land where the live grade puts them.
- **Skin**: several complexions under neutral light; the LUT should not drag faces off the skin-tone line unless it intends to.
- **Extremes**: pure primaries, near-black and near-white. Check for clipping, sudden jumps and hue flips.
- **Several applications**: interpolation and handling of the domain differ, so test in at least two.

> Keep the grade the LUT came from. A LUT cannot be edited back into its adjustments, and the next revision always comes.
`,
    },
    {
      chapter: 'Applying LUTs in the Chain',
      topics: ['Correct before the LUT', 'Conversion then creative', 'Mixing a LUT', 'Avoiding double conversions'],
      content: `
## The position decides the result

The same LUT gives very different results depending on where it sits in the chain, because it acts on whatever signal reaches it. Placing it correctly is most of using it well.

## Correct before a conversion LUT

With log footage and a camera-to-Rec.709 LUT, the common arrangement is:

1. **Corrections in log**: exposure with offset, white balance with per-channel offset, mild contrast around middle grey.
2. **The conversion LUT**: log and wide gamut to Rec.709.
3. **Refinements after**, sparingly: small trims and secondaries in display space.

Correcting before the LUT means the LUT receives the exposure and balance it was designed for. A stop of underexposure corrected after the LUT is corrected on a signal whose shadows have already been compressed; corrected before, it is just a different input to the same well-behaved curve.

## Creative LUTs after correction

A creative LUT should receive a corrected, matched signal in the space it was built for. If it was built for Rec.709, put it after the conversion and after the correction. If it was built for log, put it before the conversion, after the log corrections. Check its documentation; if there is none, test it on a corrected grey ramp and a well-exposed face in both positions.

## Mixing a LUT

Many applications let you reduce a LUT's strength by mixing its output with its input. This is a straight blend, not "half the look": a LUT that shifts hues and changes contrast will, at 50%, give an image that sits between two rather different pictures, which may not be what half the look would be. It is a practical way to soften a creative LUT. Do not use it on technical conversions, where a partial conversion is simply a wrong one.

## Avoiding double conversions

- In a colour-managed project, the input and output transforms already convert the footage. Adding a camera-to-Rec.709 LUT on top converts twice: contrast and saturation go through the roof.
- Some cameras embed a look in their monitoring output but not in the recording, or the reverse. Know which signal you are grading.
- A LUT exported from another project may already include that project's conversion. Read its name and notes.

## Protecting the signal

- Avoid pushing values far outside the LUT's domain before it. Whatever lies outside is clamped, and detail there is lost.
- If highlights clip inside the LUT, bring them down before the LUT rather than after: after, they are already flat.
- Watch for banding after strong LUTs on 8-bit footage; add grain at the end if needed.

## Checking the chain

Toggle each stage on and off while watching the scopes. Each stage should do one understandable thing. If switching off the creative LUT reveals a badly exposed image, the correction is not finished; if switching off the conversion reveals a log image that was already too contrasty, a conversion is happening twice.

> A LUT is the most powerful single adjustment in the chain and the least forgiving of the wrong input. Give it the signal it expects and leave it alone.
`,
    },
    {
      chapter: 'Looks and Genres',
      topics: ['Teal and orange', 'Bleach bypass', 'Day for night', 'Noir, period and thriller palettes'],
      content: `
## A look is a set of decisions

A look is a consistent set of choices about contrast, palette, saturation and texture that gives a film its feeling. Genres have conventions, and knowing them helps you meet or deliberately break expectations. None of these are rules; all of them start from a corrected base.

## Teal and orange

Skin sits in the orange range of hues. Pushing the shadows and backgrounds toward teal, its complement, makes faces stand out by contrast of hue rather than brightness. It reads as modern, energetic and commercial.

- Build it with a cool push in the shadows and a warm one in the highlights, then protect skin so it stays natural rather than orange.
- Keep it restrained: pushed too far, everything becomes two colours and the image looks processed.

## Bleach bypass

In film processing, skipping the bleach step leaves silver in the print alongside the colour dyes. The result is higher contrast, lower saturation, denser blacks and a harder, metallic feel, often used for war, crime and bleak drama.

- Reduce saturation substantially, increase contrast, and let highlights become harsher.
- Blending a high-contrast black-and-white version over the colour image is a quick approximation.

## Day for night

Night scenes are often shot in daylight and graded dark, because real night gives little to expose. The conventions:

1. Underexpose by around two stops overall and crush the sky darker than the ground.
2. Shift toward blue and desaturate, since the eye sees little colour in moonlight.
3. Keep a few highlights bright, like lit windows or a moonlit rim, so the image does not feel simply underexposed.

It works best on backlit footage without a visible sun or shadows pointing the wrong way.

## Noir and black and white

A black-and-white conversion is a grade in itself. Weighting the channels differently before desaturating decides how each colour translates to grey: more red brightens skin and darkens a blue sky; more blue does the reverse. Classic noir uses hard contrast, deep blacks and pools of light. Decide the channel mix first, then the contrast.

## Warm nostalgia and period

Memories and period pieces often use warm highlights, softened contrast, slightly lifted or faded blacks and reduced saturation with yellowed greens, suggesting aged photographs and print film. Lifted blacks are powerful and easy to overdo; a small lift reads as film, a large one as a mistake.

## Cool thriller

Thrillers and procedural dramas often use a cyan-green bias, restrained saturation, crisp contrast and cool skin pulled only slightly off natural. The palette feels clinical and tense.

## Choosing for the story

Start from what the scene is about, not from a famous film. A look that reinforces the story can be bold; one chosen because it is fashionable dates quickly. And a look should change when the story does: a film that stays in one palette from start to finish often feels flat.

> Test any look on the hardest shot in the film, usually a close-up of skin in mixed light. If it works there, it will work on the rest.
`,
    },
    {
      chapter: 'Building a Look That Holds',
      topics: ['Hero frames', 'A look in components', 'Film print behaviour', 'Texture: grain and halation'],
      content: `
## A look is designed on many frames

A look designed on one beautiful frame often falls apart on the next: the bright exterior goes garish, the dark interior goes muddy, the close-up goes orange. Design on a set of **hero frames** chosen to cover the film's range:

- a bright daylight exterior,
- a dark interior or night scene,
- a close-up of each main complexion,
- a shot with strong saturated colour, such as a neon sign or a costume.

Correct them all first. Then build the look and check it on all of them after every change.

## Build in components

A look that is one big adjustment is hard to tune. Build it from parts, each doing one thing, so you can adjust them independently per scene:

1. **Tone**: the contrast curve, with its toe, shoulder and pivot.
2. **Colour balance by range**: the split between shadows and highlights.
3. **Saturation behaviour**: overall level and how it falls off in shadows and highlights.
4. **Hue shifts**: greens toward yellow, blues toward cyan, or whatever the palette needs.
5. **Texture**: grain, halation, softness.

When the look is finished, it can be exported as a LUT for other applications, minus the texture, but the components stay in the project for revisions.

## Borrowing from film print

Much of what people call a filmic look comes from the way photographic print stock behaves:

- **A soft shoulder**: highlights approach white gradually and lose saturation as they do.
- **Denser saturated colours**: in a subtractive system, strongly saturated colours are also darker. A saturated red on print is a deep red, not a glowing one. Digital saturation tends to brighten colours instead, so darkening saturated colours slightly moves a look toward film.
- **Gentle hue crosstalk**: colours shift slightly with density, for example shadows leaning cool and highlights warm.
- **Shadows that never quite reach pure black**, depending on the stock and projection.

## Texture

- **Grain**: fine, luminance-weighted grain hides banding, unifies footage from different cameras and makes digital images feel less sterile. Scale it to the delivery resolution; grain that looks right on a large screen can disappear or turn to mush on a phone.
- **Halation**: a soft red-orange glow around bright highlights, from light scattering in a film's layers. Subtle halation on practical lights and bright edges adds a lot; a strong one looks like a filter.
- **Softness**: a very slight diffusion on highlights can take the edge off digital sharpness.

Texture is spatial, so it cannot live in a LUT. Apply it last, after all colour decisions.

## Keeping it consistent

1. Apply the look at the same point in the chain for every shot, after correction and matching.
2. Vary its strength per scene deliberately, not by accident.
3. Recheck the hero frames whenever a component changes.

> Write down what each component is for. A note such as "greens toward yellow: late summer" makes it possible to revise the look months later without breaking it.
`,
    },
    {
      chapter: 'Matching Cameras and Mixed Sources',
      topics: ['Input transforms per camera', 'Charts on set', 'Spectral differences', 'Phones, drones and archive'],
      content: `
## Different cameras, different colour

Two cameras pointed at the same scene record different numbers. Their sensors respond to light differently, their encodings and gamuts differ, and their internal processing makes different choices. Matching mixed sources is one of the most common jobs in real productions, from documentaries to weddings.

## Step one: the right input transform

Convert each camera into a common space with its own correct transform: its log curve and gamut to the working space, or to Rec.709 through the manufacturer's conversion. Do not grade one camera's log footage through another camera's LUT. Getting this right removes most of the difference before you touch a control.

## Step two: charts on set

A colour chart and a grey scale filmed by every camera, under the same light, at the start of a shoot is the most valuable thing a colourist can ask for.

1. Balance each camera's chart so the grey patches are neutral and at the same levels.
2. Compare the colour patches on the vectorscope and adjust until they land in the same places.
3. Save those corrections as each camera's base and apply them to all its footage.

Without a chart, use what the cameras share in the scene: a wall, a costume, a face.

## Step three: match by eye and scope

With bases in place, match scene by scene as for any footage: blacks, whites, midtone balance, saturation, skin. Use a split screen between the two cameras on the same subject.

## Why some colours will not match

Sensors differ in **spectral sensitivity**: how each channel responds to each wavelength. Two surfaces that one camera records as the same colour may be recorded as different colours by another. This is a form of metamerism, and it means no simple correction can match every colour at once. Some fabrics, foliage and narrow-band lights such as LEDs are common culprits.

- Prioritise: skin first, then the dominant colours of the scene, then the rest.
- Use a secondary for the one costume or light that refuses to match.
- Accept small differences in minor colours; audiences follow faces.

## Phones, drones and action cameras

Consumer cameras often apply strong processing: sharpening, noise reduction, local tone mapping, saturation boosts. Their footage may be 8-bit and heavily compressed. Expect to:

- reduce saturation and contrast slightly to meet cinema camera footage,
- soften over-sharpened edges,
- accept that highlights clip sooner and have less latitude.

Some phones record HDR formats such as HLG by default; convert them to the project's space deliberately rather than letting an application guess.

## Archive and stock footage

Archive footage has its own history: film scans, old video standards, earlier grades. Decide whether it should match the new material or stay visibly different as a period marker. Both are valid; being accidentally in between is not.

> Matching cameras is not making them identical; it is making the cut invisible. Check by playing the edit, not by studying scopes side by side.
`,
    },
    {
      chapter: 'Delivery: Codecs, Containers and Bit Depth',
      topics: ['Containers and codecs', 'Masters and mezzanines', 'Distribution codecs', 'Bit depth and subsampling'],
      content: `
## Containers and codecs

A **container**, such as MOV, MP4 or MXF, is the wrapper: it holds video, audio, timecode and metadata. A **codec** is how the video inside is compressed. The same container can hold many codecs, so "an MP4" says little about the picture quality inside.

## Masters and mezzanines

The graded master should be stored at the highest practical quality, because every later version is made from it.

- **ProRes 422 HQ** is a common mezzanine codec: 10-bit, 4:2:2, about 220 Mb/s at 1080p and 29.97 frames per second. **ProRes 4444** adds full-resolution chroma and an alpha channel.
- **DNxHR HQX** is a 10-bit 4:2:2 equivalent from Avid's family, and **DNxHR 444** keeps full chroma.
- Image sequences (DPX, EXR, TIFF) are used for visual effects, film-out and archives.

These codecs compress each frame independently and lightly, so they survive further encoding with little loss.

## Distribution codecs

Files for viewers are encoded for size:

- **H.264** (AVC), High profile, 8-bit 4:2:0, is the most widely compatible choice.
- **HEVC** (H.265) Main10 supports 10-bit at lower bitrates, needed for HDR and useful for clean gradients in SDR, but older devices may struggle.
- **AV1** is increasingly used by streaming platforms, which usually encode it themselves.

Distribution codecs use long groups of pictures: most frames are predicted from others, which saves bits but means that pushing the image afterwards, or encoding it again, reveals artefacts quickly.

## What platforms do

Streaming and social platforms re-encode everything you upload. Upload the best file they accept, a high-bitrate H.264 or HEVC, or a mezzanine where allowed, so their encoder starts from clean material. A low-bitrate upload is compressed twice.

## Bit depth and subsampling in delivery

- An 8-bit 4:2:0 delivery cannot show fine gradients as smoothly as the 10-bit master. Grain added in the grade acts as dither and helps them survive.
- Saturated, fine detail, such as red text on a blue background, suffers most from 4:2:0, because the colour is stored at half resolution both ways.
- Keep the master in 10-bit or more, even when every delivery is 8-bit.

## A delivery checklist

1. Resolution and frame rate as specified, without unintended conversions.
2. Codec, profile, bit depth and chroma subsampling as specified.
3. Bitrate or quality setting high enough for the content; dark, grainy and fast-moving images need more.
4. Audio format and levels as specified.
5. Colour tags and range correct; the next chapter covers them.
6. Watch the delivered file, not the project, from start to finish.

> The master is the product; every delivery is a translation. Translate from the best original you have, and check every translation.
`,
    },
    {
      chapter: 'Delivery: Colour Tags and Legal Range',
      topics: ['Primaries, transfer and matrix tags', 'Setting tags with ffmpeg', 'Legal and full range', 'Final quality control'],
      content: `
## Telling the player what the numbers mean

A delivered file carries metadata that tells players how to interpret it: the colour space agreement from chapter 1, written into the file. In H.264 and HEVC streams these are the video usability information fields, and MOV and MP4 containers repeat them in a colour atom. Three values matter most:

- **Colour primaries**: 1 means BT.709.
- **Transfer characteristics**: 1 means BT.709.
- **Matrix coefficients**: 1 means BT.709.

A correctly tagged Rec.709 file is often described as **1-1-1**. An untagged file leaves the player to guess, and players guess differently: some assume BT.601 for smaller frame sizes, which shifts colours slightly, others make different assumptions about the transfer curve.

## Setting tags with ffmpeg

With ffmpeg, tags are set with output options. They describe the pixels; they do not convert them:

~~~
ffmpeg -i graded_master.mov -c:v libx264 -pix_fmt yuv420p -crf 16 -preset slow \\
  -color_primaries bt709 -color_trc bt709 -colorspace bt709 -color_range tv \\
  -c:a aac -b:a 320k delivery.mp4
~~~

Inspect the result with ffprobe and check that color_primaries, color_transfer, color_space and color_range read as intended.

## Different players, different curves

Even a correctly tagged file can look different on different players. Colour-managed players, including QuickTime Player and Safari on macOS, interpret a BT.709-tagged file through their own display pipeline rather than BT.1886's gamma 2.4, so the same file can look lighter in the shadows than on the grading display. This is a known, long-standing difference, not a fault in your grade. Check deliveries on the devices the audience will use, and avoid regrading the master to suit one player.

## Legal range and full range

Video signals traditionally reserve codes below black and above white for headroom:

- **8-bit legal (limited) range**: luma 16 to 235, chroma 16 to 240.
- **10-bit legal range**: luma 64 to 940, chroma 64 to 960.
- **Full range**: the whole 0 to 255 or 0 to 1023.

Most video delivery is legal range, and the file should be tagged accordingly (tv in ffmpeg, limited in most applications). Misinterpretation is easy to recognise:

- **A legal-range file read as full range**: black shows as dark grey and white as light grey. The picture looks washed out and flat.
- **A full-range file read as legal range**: everything below 16 and above 235 clips. Shadows crush, highlights blow out, and the picture looks too contrasty.

## Broadcast limits

Broadcasters specify how far a signal may stray outside the legal range, and often also limit chroma, so that the signal converts to RGB without producing impossible values. A **legaliser** or soft clip at the end of the chain keeps luma and chroma inside the limits. Check the broadcaster's technical specification; it is the document you will be measured against.

## Final quality control

1. Re-import the delivered file and check its levels on the waveform: blacks and whites where they were in the grade.
2. Check the tags with a probe tool.
3. Compare a few frames of the delivery side by side with the master.
4. Watch the whole file on the grading display and on at least one consumer device.
5. Keep the master, the delivery settings and a short note of any known player differences with the project.

> A grade is only finished when the delivered file looks like it on the audience's screens. The last ten minutes of checking protect the previous hundred hours.
`,
    },
  ],
);
