/** Copy of the colour correction and grading landing page. */

export interface Blurb {
  title: string;
  text: string;
}

/** The two halves of the job; the page answers /color-correction-vs-grading too. */
export const CORRECTION_VS_GRADING: readonly Blurb[] = [
  {
    title: 'Correction',
    text: 'Makes the picture right: exposure, contrast, white balance, skin tones, and shots that match. Technical, measurable, and done first.',
  },
  {
    title: 'Grading',
    text: 'Makes the picture feel something: a look, colour contrast, film character. Creative, built on a corrected image, and done second.',
  },
];

export const FEATURES: readonly Blurb[] = [
  {
    title: 'Intuitive interface',
    text: 'SOURCE and PROGRAM side by side, looks with a strength control, and sliders that mean what a colourist expects: temperature is a real white-balance shift, vibrance protects skin.',
  },
  {
    title: 'Real-time previews',
    text: 'PROGRAM renders every frame on your graphics card through the same 3D LUT the export uses, so what you see is what you deliver.',
  },
  {
    title: 'Wide format support',
    text: 'MP4 and MOV (H.264, HEVC, ProRes, DNxHD), WebM, AVI and MKV video, plus JPEG, PNG, WebP, TIFF, HEIC and AVIF stills. Footage a browser cannot play smoothly gets a preview copy; exports always read the original.',
  },
];

export const TOOLS: readonly Blurb[] = [
  {
    title: 'Color Wheels',
    text: 'Lift, gamma and gain move the colour of the shadows, mid-tones and highlights independently: the fastest way to balance a shot or split-tone it.',
  },
  {
    title: 'Curves',
    text: 'The tone curve shapes contrast point by point, from a gentle S to a film-like shoulder that rolls highlights off instead of clipping them.',
  },
  {
    title: 'LUTs',
    text: 'A 3D LUT maps every input colour to an output colour. Cinegrade’s looks, from teal and orange to Kodak film emulations, are built from wheels and curves and baked into one.',
  },
];
