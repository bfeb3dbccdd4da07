/**
 * Generated test images and colour charts (no fixtures on disk): the same pixels every run.
 */
import { decodeGamma, encodeGamma } from '../transfer';

export interface TestImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** Encoded RGB triplets covering greys, hues at several saturations and levels, and skin. */
export function colourChart(): number[][] {
  const colours: number[][] = [];
  for (let i = 0; i <= 10; i++) colours.push([i / 10, i / 10, i / 10]);
  for (let hue = 0; hue < 360; hue += 30) {
    for (const [s, v] of [
      [0.3, 0.5],
      [0.7, 0.8],
      [0.9, 0.35],
      [0.5, 0.95],
    ] as const) {
      colours.push(hsv(hue, s, v));
    }
  }
  colours.push([0.85, 0.65, 0.55], [0.78, 0.57, 0.45], [0.55, 0.38, 0.28], [0.36, 0.24, 0.18]); // skin, light to deep
  colours.push([0.45, 0.62, 0.85], [0.3, 0.5, 0.2], [0.9, 0.85, 0.7]); // sky, foliage, paper
  return colours;
}

export function hsv(hue: number, s: number, v: number): [number, number, number] {
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = v * s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const m = v - c;
  const [r, g, b] = h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x];
  return [r + m, g + m, b + m];
}

/** An image filled by a function of (x, y) returning encoded RGB 0..1. */
export function makeImage(width: number, height: number, pixel: (x: number, y: number) => readonly [number, number, number]): TestImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const i = (y * width + x) * 4;
      data[i] = r * 255;
      data[i + 1] = g * 255;
      data[i + 2] = b * 255;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Deterministic pseudo-random numbers in 0..1 (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A daylight landscape: sky gradient on top, foliage below, a grey rock and some texture.
 */
export function landscapeScene(width = 160, height = 90): TestImage {
  const rand = random(7);
  return makeImage(width, height, (x, y) => {
    const n = (rand() - 0.5) * 0.04;
    if (y < height * 0.45) {
      const t = y / (height * 0.45);
      return [0.45 + 0.2 * t + n, 0.62 + 0.15 * t + n, 0.88 + 0.05 * t + n];
    }
    if (x > width * 0.6 && x < width * 0.8 && y > height * 0.55 && y < height * 0.8) return [0.5 + n, 0.5 + n, 0.5 + n];
    return [0.25 + n, 0.45 + 0.1 * Math.sin(x / 5) + n, 0.15 + n];
  });
}

/** A portrait: warm-grey background, a skin-toned face ellipse and dark hair/clothing. */
export function portraitScene(width = 120, height = 160): TestImage {
  const rand = random(11);
  return makeImage(width, height, (x, y) => {
    const n = (rand() - 0.5) * 0.03;
    const dx = (x - width / 2) / (width * 0.25);
    const dy = (y - height * 0.42) / (height * 0.22);
    if (dx * dx + dy * dy < 1) return [0.82 + n, 0.6 + n, 0.48 + n];
    if (y > height * 0.75) return [0.15 + n, 0.16 + n, 0.2 + n];
    return [0.55 + n, 0.53 + n, 0.5 + n];
  });
}

/**
 * Colour bars: seven bars at `level` (white, yellow, cyan, green, magenta, red, blue) over a black
 * and a full-white patch — a few flat, saturated areas, the hardest case for statistics.
 */
export function colourBars(level: number, width = 280, height = 150): TestImage {
  const bars = [
    [1, 1, 1],
    [1, 1, 0],
    [0, 1, 1],
    [0, 1, 0],
    [1, 0, 1],
    [1, 0, 0],
    [0, 0, 1],
  ];
  return makeImage(width, height, (x, y) => {
    if (y < height * 0.67) return bars[Math.floor((x / width) * 7)]!.map((v) => v * level) as [number, number, number];
    return x < width / 2 ? [0.05, 0.05, 0.05] : [1, 1, 1];
  });
}

/** Multiplies an image's linear light per channel (a colour cast) and by `exposure` (a gain). */
export function withCast(image: TestImage, gains: readonly [number, number, number], exposure = 1): TestImage {
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) data[i + c] = encodeGamma(decodeGamma(image.data[i + c]! / 255) * gains[c]! * exposure) * 255;
    data[i + 3] = image.data[i + 3]!;
  }
  return { width: image.width, height: image.height, data };
}

/** The image with every pixel replaced by its Rec.709 luma (a black-and-white picture). */
export function greyscale(image: TestImage): TestImage {
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const y = 0.2126 * image.data[i]! + 0.7152 * image.data[i + 1]! + 0.0722 * image.data[i + 2]!;
    data[i] = y;
    data[i + 1] = y;
    data[i + 2] = y;
    data[i + 3] = image.data[i + 3]!;
  }
  return { width: image.width, height: image.height, data };
}
