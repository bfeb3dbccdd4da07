/** The Quick Reference: light sources, genre trends and common mistakes. */

export interface ColorTemperature {
  source: string;
  kelvin: number;
  /** A CSS colour close to how this light renders on a daylight-balanced camera. */
  swatch: string;
  note: string;
}

export const COLOR_TEMPERATURES: readonly ColorTemperature[] = [
  { source: 'Candlelight', kelvin: 1900, swatch: '#FF8A2B', note: 'Deep orange. Intimate, firelit, period interiors.' },
  { source: 'Tungsten', kelvin: 3200, swatch: '#FFB46B', note: 'Studio lamps and household bulbs; orange on a daylight-balanced camera.' },
  { source: 'Daylight', kelvin: 5600, swatch: '#FFF1E0', note: 'Sun and sky around midday; the reference white of most cameras.' },
  { source: 'Cloudy sky', kelvin: 6500, swatch: '#E4ECFF', note: 'Overcast light, slightly blue; close to D65, the white of Rec.709 and sRGB displays.' },
];

export interface GenreTrend {
  genre: string;
  trend: string;
}

export const GENRE_TRENDS: readonly GenreTrend[] = [
  { genre: 'Action', trend: 'Teal and orange contrast, deep blacks, punchy saturation.' },
  { genre: 'Horror', trend: 'Desaturated, cold green or cyan shadows; warmth saved for fire and blood.' },
  { genre: 'Romance', trend: 'Warm, soft contrast, gentle highlight roll-off, pastel saturation.' },
  { genre: 'Science fiction', trend: 'A cool blue-cyan base with neon accents, or one dominant hue per world.' },
  { genre: 'Period drama', trend: 'Warm, lower saturation, softer contrast with a film-like shoulder.' },
  { genre: 'Thriller and crime', trend: 'Cold and low-key, steel blue or sickly green-yellow, often bleach bypass.' },
];

export const COMMON_MISTAKES: readonly string[] = [
  'Grading before correcting: a look on an unbalanced shot multiplies its problems.',
  'Putting a creative LUT made for Rec.709 straight onto log footage: transform the log to Rec.709 first.',
  'Skin off the skin-tone line, turning faces orange, green or magenta.',
  'Crushed blacks and clipped highlights that throw away detail you cannot get back.',
  'Too much saturation. Your eyes adapt within seconds; the vectorscope does not.',
  'Shots in the same scene that do not match in brightness, contrast or white balance.',
  'Grading on an over-bright, uncalibrated screen in a bright room.',
];
