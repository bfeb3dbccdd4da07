import { MEDIA_FEATURE_IDS, MEDIA_FEATURES, type FfmpegInventory, type MediaFeatureStates } from '@cinegrade/contract';

/**
 * Reading what an ffmpeg build can do from its own listings, purely (the spawn is in
 * ffmpeg-capability-probe.ts). `ffmpeg -hide_banner -filters` prints a legend, then one line per
 * filter: three flag columns (T, S, C or dots), the name, its inputs->outputs and a description:
 *
 *    TSC zscale            V->V       Apply resizing, colorspace and bit depth conversion.
 *
 * `-encoders` and `-decoders` print a legend ending in a line of dashes, then one line per codec:
 * six flag columns, the name and a description:
 *
 *    V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10 (codec h264)
 */
export function parseFilterList(output: string): Set<string> {
  const names = new Set<string>();
  for (const line of output.split('\n')) {
    const match = /^ [T.][S.][C.] (\S+)\s+\S*->\S*\s/.exec(line);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

export function parseCodecList(output: string): Set<string> {
  const names = new Set<string>();
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /^\s*-{6,}\s*$/.test(line));
  if (start === -1) return names;
  for (const line of lines.slice(start + 1)) {
    const match = /^ [VASDT.][F.][S.][X.][B.][D.] (\S+)\s/.exec(line);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/** Every name of one kind that some feature requires. */
function requiredNames(kind: 'filters' | 'encoders' | 'decoders'): Set<string> {
  return new Set(MEDIA_FEATURE_IDS.flatMap((id) => {
    const requires: { filters?: readonly string[]; encoders?: readonly string[]; decoders?: readonly string[] } = MEDIA_FEATURES[id].requires;
    return requires[kind] ?? [];
  }));
}

/**
 * The one line the server logs at start: the version, and either that everything is there or
 * which features are off and why.
 */
export function describeMediaCheck(binary: string, inventory: FfmpegInventory, features: MediaFeatureStates): { allPresent: boolean; line: string } {
  const off = MEDIA_FEATURE_IDS.filter((id) => !features[id].available);
  const where = `ffmpeg ${inventory.version} (${binary})`;
  if (off.length === 0) {
    const counts = (['filters', 'encoders', 'decoders'] as const).map((kind) => `${requiredNames(kind).size} ${kind}`);
    return { allPresent: true, line: `${where}: all ${counts[0]}, ${counts[1]} and ${counts[2]} the product uses are present` };
  }
  return { allPresent: false, line: `${where} lacks what ${off.length === 1 ? '1 feature needs' : `${off.length} features need`}: ${off.map((id) => features[id].reason).join(' ')}` };
}
