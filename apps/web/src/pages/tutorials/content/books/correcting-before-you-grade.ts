import { defineBook } from '../measure';

/** Book one: the correction pass, from the monitor to a balanced, matched scene (12 chapters). */
export const CORRECTING_BEFORE_YOU_GRADE = defineBook(
  {
    id: 'correcting-before-you-grade',
    title: 'Correcting Before You Grade',
    subtitle: 'A colourist’s foundations: exposure, balance, contrast and skin',
    author: 'Edda Marwick',
    published: '2024',
    description:
      'The technical half of colour work, taught in the order you do it: seeing colour reliably, reading scopes, setting exposure and white balance, shaping contrast, protecting skin and matching a scene so that a look can be laid over it once.',
    difficulty: 'Beginner',
    isbn: 'CG-2024-0112',
    coverColor: '#35506b',
  },
  [
    {
      chapter: 'Why Correction Comes First',
      topics: ['Correction versus grading', 'Order of operations', 'Building a neutral base'],
      content: `
## Two jobs that look like one

Colour work on a picture is two jobs done with the same tools. **Correction** makes each shot technically right: exposure where it should be, white balance neutral, contrast that uses the range without clipping, and every shot in a scene matching its neighbours. **Grading** is the creative part: the mood, the palette, the look that makes a film feel like itself.

Beginners usually start with the second job, because it is the fun one. They drop a look on a clip, push a few wheels, and wonder why the result is fine on one shot and strange on the next. The reason is almost always that the shots were never corrected.

## Why the order matters

A look is a function. It takes whatever signal it receives and transforms it the same way every time. That is exactly what you want, as long as what it receives is consistent.

- **A look amplifies what is under it.** A teal-and-orange look built on a balanced shot puts teal in the shadows and keeps skin warm. The same look on a shot that was already blue turns the shadows cyan and the faces grey.
- **LUTs expect a particular input.** A conversion or creative LUT was built for a certain exposure and encoding. Feed it an underexposed or cast-shifted signal and it produces something its author never saw.
- **Balanced shots share one look.** When every shot in a scene has been corrected to the same neutral base, one look applied across the scene lands the same way everywhere. You grade once and apply it many times, instead of regrading each shot.
- **Decisions survive changes.** If the editor recuts the scene, corrected shots with a shared look stay consistent. Shots graded one by one need to be revisited.

## The usual order of operations

1. **Input**: decode the file and, for log or raw footage, bring it into a known working space.
2. **Primary correction**: black point, white point, midtones, white balance, overall contrast and saturation.
3. **Secondary correction**: isolated fixes, such as a green cast on one face or a sky that is too bright.
4. **Matching**: every shot in the scene brought to the hero shot.
5. **The look**: the creative grade, usually shared across the scene.
6. **Output**: conversion to the delivery standard, and legal-range limits.

Applications draw this as a chain of nodes or a stack of layers, but the logic is the same: fix the signal, then interpret it.

## What correction is not

Correction does not mean making everything neutral and flat. A neutral, well-exposed shot is a reference point, the place from which creative choices are deliberate rather than accidental. A warm sunset stays warm; the difference is that you chose how warm.

> A useful habit: whenever you are unsure whether a problem comes from the shot or from the look, switch the look off. If the problem remains, it is a correction problem and belongs earlier in the chain.
`,
    },
    {
      chapter: 'Seeing Colour: the Display and the Room',
      topics: ['Chromatic adaptation', 'Rec.709 and BT.1886 displays', 'Viewing environment', 'Calibration'],
      content: `
## Your eyes are not a measuring instrument

Human vision adapts. Look at a warm image for a few minutes and your visual system quietly neutralises it, so the warmth seems to fade and you push it further. Step outside, come back, and the grade looks orange. This is chromatic adaptation, and it is the reason colourists rely on a calibrated display, a controlled room and scopes, rather than on how a picture feels after an hour of staring at it.

## The display standard

For standard dynamic range video the target is well defined:

- **Rec.709 primaries** (ITU-R BT.709): the red, green and blue the picture is encoded for.
- **D65 white point**: a daylight white of about 6500K, with a defined chromaticity.
- **BT.1886 response**: the display's brightness curve, a gamma of 2.4 on a display with a true black.
- **Around 100 nits** peak white, the customary level for grading SDR in a dim room.

A consumer laptop or phone usually differs on every count: brighter, often wide gamut (Display P3), with a curve closer to sRGB and a bluer white. Unmanaged, a Rec.709 image on such a screen looks more saturated and contrasty than it is. Many operating systems colour-manage correctly when told what the video is, which is one reason delivery tags matter; the companion volume, Signals, LUTs and Looks, covers them in its chapters on delivery.

## The room

- Dim, not dark. A completely dark room exaggerates contrast; a bright one washes out shadows.
- Neutral surfaces: grey or black walls and desk, no coloured light falling on the screen.
- A **bias light** behind the display, at D65 and commonly around a tenth of the display's white level, gives your eyes a stable reference and reduces fatigue.
- A neutral interface. A colourful desktop wallpaper next to the picture shifts your judgement of it, which is why grading applications, this one included, use a grey interface.

## Calibration

A probe and calibration software measure the display and build a correction so that it matches the standard. Displays drift with age and temperature, so check calibration regularly, not once. If you do not have a reference monitor, you can still reduce the error:

1. Set the display to its sRGB or Rec.709 mode if it has one.
2. Turn off vivid modes, dynamic contrast, night shift and automatic white adjustments.
3. Set a moderate brightness and keep it there.
4. Check important work on a second device, such as a phone, before you deliver.

## Rest your eyes

Take breaks, and when you return look at something neutral, such as a grey card or the bias-lit wall, before judging colour again. The first impression after a break is the closest you will get to the audience's first impression.

> Trust the scopes for facts (is it clipped, is it neutral, does it match) and the display for judgement (does it look right). Each catches what the other misses.
`,
    },
    {
      chapter: 'Reading the Scopes',
      topics: ['Waveform', 'RGB parade', 'Vectorscope', 'Histogram'],
      content: `
## Scopes measure the signal

A scope does not show you a picture; it shows you numbers about the picture. It does not adapt, get tired or prefer warm images, which makes it the perfect partner for eyes that do all three.

## The waveform

The waveform plots every column of the image from left to right, and within each column every pixel by its level, from 0% at the bottom to 100% at the top. A person standing on the left of frame appears as a cluster on the left of the waveform.

- A flat line pressed against the top is **clipped highlights**: many pixels at the same maximum, no detail.
- A flat line pressed against the bottom is **crushed blacks**.
- The vertical spread shows **contrast**; a trace squeezed into the middle is a flat, low-contrast image.

A luma waveform shows brightness only. An RGB overlay draws the three channels on top of each other in their own colours.

## The RGB parade

The parade draws three waveforms side by side: red, green and blue. It is the best tool for white balance, because something neutral produces equal levels in all three channels. If a white wall shows the blue trace higher than red, the image has a blue cast at that level. Because the parade keeps left-to-right position, you can find the wall and read it directly.

Look at the bottoms and the tops of the three traces separately. A cast can sit in the shadows only, in the highlights only, or across the whole range, and each calls for a different control.

## The vectorscope

The vectorscope ignores brightness and plots colour: the angle is the hue, the distance from the centre is the saturation. A neutral grey pixel sits at the centre. The graticule marks the targets for red, magenta, blue, cyan, green and yellow, and the skin-tone line between red and yellow.

- A blob **off centre** in every part of the image means a colour cast.
- A trace **stretching toward a target** means strong saturation in that hue.
- A tiny dot in the centre is a nearly black-and-white picture.

## The histogram

The histogram counts pixels per level but forgets where they are. It is quick for spotting clipping, because a spike at either end means many pixels at the limit, but it cannot tell you whether the face or the wall is too bright.

## An exercise

Shoot or find a frame with a grey card in it. Put a window on the card, or zoom into it, and read the parade: three traces at the same height mean the card is neutral. Now push the temperature control warmer and watch red rise and blue fall. Do the same with the tint control and watch green move against the other two. Ten minutes of this teaches more than any diagram.

> Scopes show what is true, not what matters. A 2% lift in the blacks barely moves the waveform but turns rich shadows milky on screen. Measure with scopes, decide with your eyes.
`,
    },
    {
      chapter: 'Exposure: Black Point, White Point, Midtones',
      topics: ['Lift, gamma, gain and offset', 'Middle grey', 'Clipping and hue shifts'],
      content: `
## Four controls, four shapes

Most grading applications offer four primary controls for brightness, each of which moves the waveform in a characteristic way:

- **Offset** adds the same amount to every level. The whole trace moves up or down without changing shape. On log footage, offset behaves like a change of exposure in stops.
- **Gain** multiplies the signal. Black stays where it is and everything above stretches upward, the most in the highlights.
- **Lift** raises or lowers the bottom of the range while the top stays pinned. It changes the shadows most and the highlights not at all.
- **Gamma** bends the middle of the range while both ends stay put. It moves midtones, where faces usually live.

Learn these by watching the waveform while you move each one. The shapes become second nature quickly.

## Setting the range, in order

1. **Black point.** Bring the darkest meaningful detail down to just above 0%. Meaningful is the important word: a deep shadow that should read as black may sit at the floor, but do not crush detail the story needs, such as the texture of a dark coat.
2. **White point.** Bring the brightest non-specular detail, such as a white shirt or a bright sky, up to just below 100%. Specular highlights, the glints on metal, water or an eye, may clip; they have no detail to keep.
3. **Midtones.** With the ends set, use gamma to place the subject. Faces in a normally lit scene usually sit somewhere between 40% and 70%, depending on the skin and the lighting.

Setting the ends first matters because lift and gain each affect the middle as well. Placing the midtones last means you adjust them once.

## Middle grey

An 18% grey card is the photographic reference for middle grey. Through the Rec.709 camera encoding it lands at about 41% of the signal. This is a useful anchor: if a grey card in a correctly exposed shot sits far from 41% on a Rec.709 waveform, either the exposure or the interpretation of the footage is off.

## Clipping changes colour too

A camera's three channels rarely clip at the same moment. When red clips before green and blue on a bright face, the face drifts toward yellow; a bright sky where blue clips first turns cyan. These hue shifts near the top of the range are often more visible than the loss of detail.

- Watch the parade near 100%: if one channel is flat while the others still have shape, that area has already changed hue.
- Reduce saturation in the top few percent of the range, or use a soft roll-off, so clipped areas fade to white gracefully instead of to a false colour.
- Lowering gain does not recover clipped detail; it turns clipped white into flat grey.

## Do not use the full range just because it is there

A night scene does not need anything at 100%, and a foggy morning does not need true black. Setting the range means choosing where the picture should live, then putting it there on purpose.

> Before you touch exposure, make sure the footage is interpreted correctly. Log footage viewed without its conversion will look like it needs a huge contrast boost, and the fix belongs in the input transform, not in the gain control.
`,
    },
    {
      chapter: 'White Balance and Colour Temperature',
      topics: ['Kelvin and mireds', 'Temperature and tint', 'Neutralising per range', 'Memory colours'],
      content: `
## Temperature in kelvin

The colour of a light source is described by its colour temperature: the temperature, in kelvin, at which an ideal glowing body emits light of that colour. Candlelight sits around 1900K, tungsten studio lamps at 3200K, midday daylight around 5600K, an overcast sky 6500K and above. Low temperatures look warm (orange), high temperatures look cool (blue), which is the reverse of the everyday meaning of warm and cool.

A camera set to 3200K renders tungsten as neutral. Take it outside into 5600K daylight without changing the setting and the picture turns blue, because the camera is still compensating for orange light that is no longer there.

## Mireds: why 200K is not always 200K

Equal steps in kelvin are not equal steps to the eye. A shift from 3200K to 3400K is far more visible than a shift from 6500K to 6700K. The **mired** scale (one million divided by the kelvin value) is closer to how we see: 3200K is 312 mireds and 3400K is 294, a difference of 18; 6500K is 154 and 6700K is 149, a difference of 5. Lighting gels are rated in mireds for this reason, and it explains why a warm interior needs a finer hand on the temperature control than a daylight exterior.

## Temperature and tint

Real light sources do not all sit on the warm-to-cool line. Fluorescent tubes and many LED panels have a **green** bias, some sources a **magenta** one. Grading controls therefore offer two axes:

- **Temperature**: blue against orange.
- **Tint**: green against magenta.

Together they cover the shifts you meet in practice, and they are easier to reason about than three independent channel gains.

## Neutralising a shot

1. Find something that should be neutral: a grey card if you are lucky, otherwise a white shirt, grey concrete, paper or the whites of a car.
2. On the RGB parade, read the three channels on that object.
3. Balance the highlights with gain, the shadows with lift or offset, and the midtones with gamma, until the channels agree at every level.

Casts often differ by range. Outdoors, sunlit areas are warm while shadows, lit by the blue sky, are cool. Correcting only the midtones leaves blue shadows and warm highlights. Read the bottoms, the middles and the tops of the parade separately.

## Memory colours

Viewers carry strong expectations for a few colours: skin, a clear sky, green foliage, white paper, grey concrete. These **memory colours** are where errors are noticed first. If you lack a neutral object, balance so that these look right under the light of the scene.

## When not to neutralise

A sunset is orange, a sodium-lit street is amber and a moonlit exterior is blue. Neutralising them completely destroys the scene. The practice is to balance first to understand where neutral is, then deliberately put the warmth or coolness back to the degree the story wants. Balancing is how you find your bearings, not your destination.

> Mixed light is a decision, not a defect. Choose which source is white, usually the key light on the face, and let the others read as the colour they are.
`,
    },
    {
      chapter: 'Contrast and the Tone Curve',
      topics: ['Reading a curve', 'S-curves, toe and shoulder', 'Contrast and saturation', 'Per-channel curves'],
      content: `
## Reading a curve

A tone curve maps input levels, along the horizontal axis, to output levels, on the vertical axis. The straight diagonal from bottom left to top right changes nothing. Everything a curve does can be read from one property: its **slope**.

- Where the curve is **steeper** than the diagonal, tones are pulled apart: more contrast in that range.
- Where it is **flatter**, tones are pushed together: less contrast, less separation.
- Where it is **horizontal**, every input gives the same output and detail is gone.

A curve can only redistribute contrast. Steepening one range flattens another; the total rise from bottom to top is fixed by the black and white points.

## The S-curve

The most useful curve in grading is a gentle S. It is steep through the midtones, where faces and most of the story sit, and flat near black and white.

- The flattened bottom is the **toe**: shadows compress smoothly toward black instead of stopping abruptly.
- The flattened top is the **shoulder**: highlights roll off gently toward white instead of clipping hard.

This is the shape of a photographic film's response, and much of what people call a filmic image is this toe-and-shoulder behaviour. The **pivot**, the point where the S crosses the diagonal, decides which level keeps its brightness while contrast is added around it. Put it near the subject's level, so added contrast does not brighten or darken the face.

## Contrast changes saturation

On an RGB curve applied to all three channels, more contrast also means more saturation, because the differences between the channels grow along with the differences between levels. A strong S-curve can make skin look orange even though you never touched a colour control. You can answer it by reducing saturation slightly, or by applying contrast to luminance only. Luminance-only contrast leaves saturation roughly alone, which can look pale by comparison, so choose by eye.

## Per-channel curves

Curves for red, green and blue separately are colour tools:

- Raising blue in the shadows and lowering it in the highlights gives cool shadows and warm highlights, a classic split-tone.
- A small lift of the green toe gives a faintly green, cross-processed shadow.
- Pulling the top of the blue curve down warms whites without touching the rest.

Make small moves. A few percent on a channel curve is a visible colour change.

## Curves that break pictures

- A curve that slopes downward anywhere inverts tones and produces solarisation, bright areas becoming darker than their surroundings.
- Very steep sections stretch a few input levels over many output levels. On 8-bit footage this shows as banding in skies and smooth walls.
- Sharp corners in a curve show as sudden jumps in gradients. Keep curves smooth.

> Set black and white points with the primary controls first, then shape with the curve. A curve used to fix range and contrast at once is hard to adjust later.
`,
    },
    {
      chapter: 'Saturation, Hue and the Colour Wheels',
      topics: ['Colour wheels per range', 'Saturation and vibrance', 'Saturation by luminance', 'Hue curves'],
      content: `
## What a colour wheel does

Grading applications present lift, gamma and gain, and often offset, as colour wheels. Dragging the centre of a wheel toward a hue adds that hue to its range and removes the opposite hue. Push the gain wheel toward orange and the highlights gain red, lose blue, and become warmer; push the lift wheel toward teal and the shadows cool.

Because each wheel works in its own range, wheels are how you correct a cast that differs between shadows and highlights, and how you build split-tones deliberately. Opposite hues on the wheel are complements: orange against teal, magenta against green, yellow against blue. Adding one is the same as removing the other.

## Saturation and vibrance

**Saturation** scales every colour's distance from grey by the same factor. Turning it up makes strong colours garish long before weak ones wake up.

**Vibrance** is a gentler control: it raises weakly saturated colours more than strongly saturated ones. It is useful for bringing life to a flat image without pushing an already saturated red jacket or skin into orange.

## Saturation by luminance

Film and the eye both tend to show less colour in very dark and very bright areas. A digital image with full saturation down into the blacks looks electronic and also shows chroma noise, because shadow noise is coloured. Reducing saturation gently in the deepest shadows and the brightest highlights:

- cleans up coloured noise in the blacks,
- lets highlights fade to white rather than to a hue,
- gives the image a more photographic feel.

Most applications offer a saturation-versus-luminance curve for exactly this.

## Hue curves

Hue curves act on one band of hues at a time:

- **Hue versus hue** rotates a hue. Moving greens slightly toward yellow gives a warm summer feel; moving them toward cyan gives a cooler, more menacing one.
- **Hue versus saturation** makes one hue more or less saturated, such as calming a red that vibrates on screen.
- **Hue versus luminance** makes one hue brighter or darker, such as deepening a blue sky.

Hue curves are blunt on compressed footage: neighbouring hues move too, and noise can make the edges of the change flicker. Watch the result in motion.

## Saturation feels like brightness

Strongly saturated colours look brighter than a grey of the same measured level. This is the Helmholtz–Kohlrausch effect, and it has a practical consequence: after a big saturation boost, the image may need a small exposure correction, and a desaturated look often needs a little more contrast to avoid seeming dull.

## Legal and safe

Extreme saturation can produce colours that cannot be represented once the image is converted to the delivery signal. Broadcast limits apply to chroma as well as to levels; the last chapter of Signals, LUTs and Looks covers the checks.

> Turn saturation up until it looks too much, then back off by a third. The result is almost always closer to right than creeping up in small steps, because your eyes adapt to every small step.
`,
    },
    {
      chapter: 'Skin Tones: Memory Colours and the Vectorscope',
      topics: ['The skin-tone line', 'Every complexion', 'Isolating a face', 'Protecting skin from a look'],
      content: `
## Why audiences judge skin first

People have spent their lives looking at faces. A background can be almost any colour and the audience accepts it as style; a face that is slightly too green or too magenta reads at once as ill, cold or wrong. Skin is the most important memory colour, and most grading decisions are checked against it.

## One line for every complexion

On the vectorscope, skin of every complexion falls close to a single hue, marked by the skin-tone line between the red and yellow targets, at about eleven o'clock. The colour of skin comes mainly from melanin and from blood beneath the surface, and these absorb light in broadly similar ways in everyone. What differs between people is mostly how light or dark the skin is and how saturated, so on the vectorscope the trace of a darker or lighter face differs in length far more than in angle.

This gives you a reliable reference under any look. Whatever the creative palette, you can check whether a face's hue is plausible.

## Reading a face

Isolate skin before reading the vectorscope, otherwise the background dominates:

1. Put a window around the face or zoom into an evenly lit patch of cheek or forehead.
2. Avoid lips, eyes, hair, make-up edges and shiny highlights.
3. Read the angle of the trace against the line, then its length.

A trace rotated toward red or magenta reads pink or flushed. Rotated toward yellow and green, it reads sallow or unwell. Very short is grey and lifeless; very long is orange.

## Brightness: respect each complexion

Check the waveform too. Lighter skin commonly sits higher and darker skin lower, and the right level depends on the lighting of the scene. Do not lift a darker face to match a lighter one in a two-shot: it flattens the skin and removes its richness and shape. Instead, make sure the darker face has detail and contrast of its own, with highlights that are bright but not clipped, because those highlights carry the form of the face.

## Correcting skin

- **Global first.** If the face is off because the whole image is off, correct the white balance and the skin follows.
- **Then isolate.** When only the skin is wrong, usually from mixed light, select it with a hue, saturation and luminance qualifier, soften the key, and move the hue toward the line in small steps.
- **Saturation last.** Skin rarely needs more saturation than a neutral correction gives it.

## Protecting skin from a look

Looks such as teal and orange, a cold thriller palette or bleach bypass pull skin along with everything else. Build the look on the whole image, then qualify the skin and bring its hue back toward natural, keeping some of the look's influence so the face belongs to the scene.

## Other memory colours

Skies, foliage and white objects behave the same way on a smaller scale. A sky that drifts toward cyan or purple, grass that turns yellow-brown, or a white shirt tinted pink are noticed quickly. Check them after each significant change.

> The line is a sanity check, not a target. Firelight or a neon sign rightly pull skin off it. Ask whether the skin looks like skin in that light.
`,
    },
    {
      chapter: 'Secondary Corrections: Qualifiers and Windows',
      topics: ['HSL qualifiers', 'Cleaning a key', 'Windows and tracking', 'When footage fights back'],
      content: `
## Primary and secondary

A **primary** correction acts on the whole frame. A **secondary** correction acts on part of it: a colour range, an area, or both. Secondaries are powerful and slow, so the rule is to do everything possible with primaries first and reach for a secondary only for what is left.

## Qualifiers: selecting by colour

A qualifier, or key, selects pixels by **hue**, **saturation** and **luminance**. You sample the colour you want, such as a face, a sky or a green cast on a wall, and widen or narrow the three ranges until the selection covers it.

Keys from real footage are rarely clean. Refine them:

- **Softness** on each range so the selection fades in rather than switching on.
- **Blur** on the matte to hide pixel-level noise.
- **Shrink and grow** to remove specks outside the subject and fill holes inside it.
- **View the matte** as black and white while you refine, then switch back to the picture.

## Windows: selecting by area

A window, or mask, selects a shape: a circle, rectangle or freehand outline, with a soft feathered edge. Windows are ideal for:

- a subtle vignette that draws the eye to the subject,
- darkening a bright window or lamp that pulls attention,
- brightening a face that is slightly under-lit.

When the subject or camera moves, the window must move with it. Tracking follows features in the image and moves the window frame by frame. Check the track on every shot, because a window that slides off a face is far more distracting than the problem it fixed.

## Combining them

A window limits where a qualifier can act. Keying skin picks up a wooden table of the same hue; a window around the face keeps the key where it belongs. This combination solves most real secondary problems.

## Typical secondaries

1. Bringing a face off a green cast from overhead fluorescents.
2. Deepening a pale sky without touching the skin.
3. Calming a saturated red costume that vibrates on screen.
4. Lifting shadows on one side of the face to soften harsh light.

## When footage fights back

Compressed footage makes secondaries harder. Most consumer cameras and phones record **4:2:0** chroma, which stores colour at half the resolution of brightness in both directions. Keys pulled on colour therefore have blocky, stepped edges, and compression noise makes them shimmer. Softening and blurring the matte helps; so does keying on a denoised copy of the image and applying the correction to the original.

Always play the shot. A key that looks perfect on a still frame can chatter in motion, and an audience watches motion.

> Each secondary is a decision the next shot in the scene will need too. Note what you isolated and why, so that matching does not turn into redoing.
`,
    },
    {
      chapter: 'Matching Shots in a Scene',
      topics: ['Choosing a hero shot', 'Matching order', 'Comparison tools', 'Different cameras'],
      content: `
## Why matching matters

Within a scene, the audience assumes continuous time and place. If the wide shot is slightly warmer than the close-up, the cut feels like a jump even when nobody can say why. Matching makes the scene feel continuous, so that the cut goes unnoticed and the story does not.

## Start with a hero shot

Pick one shot that represents the scene best, often the one with the main character in good light or the one used most. Correct it carefully, then match every other shot to it. Matching every shot to its neighbour instead lets small errors accumulate from one end of the scene to the other.

## Match in a fixed order

1. **Black levels.** Compare the darkest areas. Mismatched blacks are the most visible difference between shots, especially on a dark scene.
2. **White levels.** Compare the brightest meaningful areas.
3. **Midtone balance.** On the RGB parade, compare something that appears in both shots: a wall, a costume, a table.
4. **Saturation.** Judge on the vectorscope and by eye.
5. **Skin.** The final check and the most important one. Compare the same person's face from shot to shot.

Working in this order avoids chasing your tail: changing black levels after balancing midtones moves the midtones again.

## Tools for comparison

- **Split screen or wipe**: the reference shot on one side, the current shot on the other.
- **A reference still**: a saved frame of the hero shot, viewed side by side with the scopes of both.
- **Flipping**: jump between the two shots repeatedly. Differences your eye adapts to in a split screen jump out when the frames alternate.
- **Playing the cut**: the final test is watching the shots in sequence at speed.

## Match the subject, not the histogram

A close-up against a dark wall and a wide shot of a bright room have different histograms and waveforms even when they match perfectly, because they contain different things. Compare the elements the shots share: the face, the costume, the wall behind. Matching the whole-frame scopes forces the close-up to imitate a composition it does not have.

## Time of day and continuity

Sometimes a scene spans changing light: a conversation as the sun sets. Then the goal is not identical shots but a smooth progression in the order of the story, regardless of the order in which they were filmed. Decide the progression on the edited timeline, then match each shot to its place in it.

## Different cameras

When a scene mixes cameras, convert each one to the same working space first, using the correct input transform for its encoding. Only then match by eye and scope. A chart shot on each camera on set makes this far easier, because you can match the charts before touching the scene.

> Once the scene matches, apply the look once, to all shots at the same point in the chain. A look applied to matched shots keeps them matched.
`,
    },
    {
      chapter: 'Noise, Compression and What Grading Cannot Fix',
      topics: ['Bit depth and banding', 'Chroma subsampling', 'Noise in the shadows', 'Clipped highlights'],
      content: `
## Every file has limits

Grading can redistribute what the camera recorded; it cannot add information that was never there. Knowing the limits of a file tells you how far you can push it, and what to say when someone asks for the impossible.

## Bit depth and banding

Bit depth is how many levels each channel can hold: 256 in an 8-bit file, 1,024 in a 10-bit file. A smooth sky in an 8-bit file may span only thirty or forty levels from top to bottom. Increase contrast there and each level is stretched over a wider band, until the gradient breaks into visible steps: **banding**.

- Prefer 10-bit recordings for anything that will be graded heavily.
- Grade in a high-precision working space (most applications use 32-bit float internally), so that intermediate steps do not add rounding.
- Add a little grain or noise at the end. Grain dithers the steps and hides banding that cannot otherwise be removed.

## Chroma subsampling

Most delivery and consumer codecs record colour at lower resolution than brightness. **4:2:0** halves the colour resolution both horizontally and vertically; **4:2:2** halves it horizontally only; **4:4:4** keeps it in full. Pushing saturation on 4:2:0 footage reveals soft, blocky colour edges, and qualifiers pulled on colour inherit the blockiness.

## Compression

Long-GOP codecs such as H.264 and HEVC spend few bits on dark, flat areas because viewers rarely notice detail there. Lift those shadows in the grade and blocks appear. Lift shadows gently, and consider noise reduction before the grade on heavily compressed sources.

## Noise

Noise lives in the shadows, because there the signal is weakest. Under tungsten light the blue channel is usually the noisiest: the sensor receives little blue light, and a white balance to 3200K amplifies it. Strategies:

1. Apply noise reduction early in the chain, before contrast and saturation amplify the noise. Temporal noise reduction, which compares neighbouring frames, preserves detail better than spatial noise reduction alone.
2. Reduce saturation in the deepest shadows to remove coloured noise.
3. Do not lift the blacks further than the scene needs.

## Clipped highlights

A clipped highlight has no detail to recover, and often the wrong colour, because the channels clipped one after another. What you can do is make it graceful:

- Roll off the highlights with a soft shoulder so they approach white smoothly.
- Desaturate the top of the range so clipped areas are clean white rather than cyan or yellow.
- For a blown-out window, a soft window that brings it down slightly can make it read as bright light rather than an error.

## The honest conversation

Sometimes the answer to "can you fix it in the grade?" is no, or "only partly, and here is what it will cost". Show the client the limit: push the shot until banding or noise appears, then back off. A clear demonstration of the limit is more useful than a grade that quietly falls apart on a bigger screen.

> The best protection is upstream: expose well, record 10-bit when you can, and use a log profile only when you will grade, because log spreads the same bits over a wider range.
`,
    },
    {
      chapter: 'A Complete Correction Pass',
      topics: ['Knowing the source', 'Primary and secondary checklist', 'Quality control before the look'],
      content: `
## The whole pass on one page

This chapter gathers the book into a working checklist. Follow it in order on every scene until it becomes habit; then adapt it, knowing what each step is for.

## Before you touch a control

1. **Know the source.** Camera, encoding (Rec.709 or a log curve), gamut, bit depth, chroma subsampling and whether the file is full range or legal range. A wrong assumption here poisons everything that follows.
2. **Check the display and the room.** Calibrated display, stable brightness, neutral surround, no light falling on the screen.
3. **Watch the scene through once** without grading. Note the hero shot, the problem shots and the intended mood.

## Primary correction, shot by shot

1. **Input transform.** For log footage, apply the conversion to your working space or display. Exposure and balance corrections sit before it, in the log domain, or in a colour-managed working space.
2. **Black point and white point** on the waveform.
3. **Midtones** with gamma, placing the subject.
4. **White balance** with the RGB parade, reading shadows, midtones and highlights separately.
5. **Contrast** with a gentle S-curve, pivoted near the subject.
6. **Saturation** to taste, with less in the deepest shadows and brightest highlights.
7. **Skin** on the vectorscope, isolated, and on the waveform.

## Secondary correction

1. Fix what primaries could not: a green cast from one light, a bright window, a face under-lit on one side.
2. Refine every key and track every window. Play the shot to check for chatter and slips.

## Matching

1. Choose the hero shot.
2. Match blacks, whites, midtone balance, saturation and skin in that order.
3. Flip between shots and play the cut.

## Ready for the look

At this point the scene should be balanced, consistent and neutral enough that a look lands predictably. Save a reference still of the hero shot as it stands: if the look goes wrong later, you can always compare against the corrected base.

## Quality control

Before the look, and again at the end:

- no unintended clipping in the parade,
- no unintended crushed blacks,
- greys neutral where they should be,
- no banding in gradients and no blocky keys,
- skin natural in every shot,
- the scene played end to end on the calibrated display and, if possible, on a phone.

## Adapting the checklist

Documentary and event footage often needs more matching than creative grading. Commercials may need secondaries on every shot for a product colour. A music video may throw neutrality out entirely for a bold look, but even then, starting from a balanced base is what makes the boldness controllable.

> Correction is invisible when it is done well. Nobody remarks that the shots match and the faces look healthy; they simply believe the film. That is the point.
`,
    },
  ],
);
