/**
 * The colour of the light a picture was taken under, read from its chromaticity histogram (see
 * `ImageStats.chromaCounts`): used by the scene analysis, by Shot Match, and by the measurement
 * itself, which judges skin and colourfulness relative to that light.
 */

/** Bins per axis of the chromaticity histogram (see `ImageStats.chromaCounts`). */
export const CHROMA_BINS = 24;
/** The chromaticity histogram covers log2 ratios from −CHROMA_RANGE to +CHROMA_RANGE. */
export const CHROMA_RANGE = 2;

/** The chromaticity histogram: per bin a pixel count and summed linear R, G, B. */
export interface ChromaSums {
  readonly chromaCounts: readonly number[];
  readonly chromaSums: readonly number[];
}

/** Chromaticity (log2 R/G, log2 B/G) of the centre of histogram bin `bin`. */
function binCentre(bin: number): [number, number] {
  const step = (2 * CHROMA_RANGE) / CHROMA_BINS;
  return [-CHROMA_RANGE + ((bin % CHROMA_BINS) + 0.5) * step, -CHROMA_RANGE + (Math.floor(bin / CHROMA_BINS) + 0.5) * step];
}

/** Radius (log2 ratio, about ×2.1 either way) around true grey in which the first estimate looks for greys. */
const START_RADIUS = 1.1;
/** Radius (log2 ratio, about ±37 %) around the estimate that counts as the same light. */
const NEUTRAL_RADIUS = 0.45;

/**
 * The colour of the light, by an iterated grey world. Start from the mean light of the pixels
 * within 1.1 (log2 ratio) of true grey — vivid sky and foliage are left out — or, when a strong
 * cast leaves none there, of all measured pixels; then repeatedly average only the pixels within
 * 0.45 of the estimate. The estimate settles on the cluster of surfaces that are grey under the
 * cast (walls, rock, clothing). Linear RGB normalised to G = 1; [1, 1, 1] when nothing was measured.
 * Like every grey-world method it can be fooled: by a picture with no grey in it, or by a cast so
 * strong (beyond about ×2 between red and blue) that its greys fall outside the first radius
 * while some coloured object falls inside.
 */
export function estimateNeutral(stats: ChromaSums): [number, number, number] {
  const sum = (select: (bin: number) => boolean): [number, number, number] => {
    const total: [number, number, number] = [0, 0, 0];
    for (let bin = 0; bin < stats.chromaCounts.length; bin++) {
      if (stats.chromaCounts[bin]! === 0 || !select(bin)) continue;
      for (let c = 0; c < 3; c++) total[c]! += stats.chromaSums[bin * 3 + c]!;
    }
    return total;
  };
  const near = (u: number, v: number, radius: number) => (bin: number) => {
    const [bu, bv] = binCentre(bin);
    return Math.hypot(bu - u, bv - v) <= radius;
  };
  let light = sum(near(0, 0, START_RADIUS));
  if (light[1] <= 0) light = sum(() => true);
  for (let iteration = 0; iteration < 4 && light[1] > 0; iteration++) {
    const cluster = sum(near(Math.log2(light[0] / light[1]), Math.log2(light[2] / light[1]), NEUTRAL_RADIUS));
    if (cluster[1] <= 0) break;
    light = cluster;
  }
  return light[1] > 0 ? [light[0] / light[1], 1, light[2] / light[1]] : [1, 1, 1];
}

/**
 * How much of the picture the light estimate rests on: the share of the measured pixels whose
 * chromaticity lies within the same-light radius of `neutral` (linear RGB, G = 1). A picture with
 * plenty of grey surfaces gives a large share; colour bars or a picture of saturated colours with
 * few greys give a small one, and a white balance read from it deserves less trust.
 */
export function neutralSupport(stats: ChromaSums & { readonly pixelCount: number }, neutral: readonly [number, number, number]): number {
  if (stats.pixelCount <= 0 || !(neutral[0] > 0 && neutral[2] > 0)) return 0;
  const [u, v] = [Math.log2(neutral[0]), Math.log2(neutral[2])];
  let near = 0;
  for (let bin = 0; bin < stats.chromaCounts.length; bin++) {
    const count = stats.chromaCounts[bin]!;
    if (count === 0) continue;
    const [bu, bv] = binCentre(bin);
    if (Math.hypot(bu - u, bv - v) <= NEUTRAL_RADIUS) near += count;
  }
  return near / stats.pixelCount;
}

