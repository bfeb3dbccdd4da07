import { DEFAULT_ADJUSTMENTS, DEFAULT_GRADE, type Grade } from '@cinegrade/color';
import { EXPORT_FORMATS, EXPORT_QUALITIES, STILL_EXPORT_FORMATS, type AnyExportFormat, type ExportQuality, type MediaMetadata } from '@cinegrade/contract';
import { describe, expect, it } from 'vitest';
import { HD_CLIP_METADATA } from '../media/metadata-fixture';
import { inputTagFilter } from '../media/colour-chain';
import { exportArgs, exportFilterGraph, exportTimeoutMs, planExportFrame, plainTranscodeArgs } from './export-args';

const hd: MediaMetadata = { ...HD_CLIP_METADATA, durationSeconds: 10 };
const photo: MediaMetadata = { ...hd, container: 'png_pipe', durationSeconds: null, width: 4000, height: 3000, frameRate: null, videoCodec: 'png', pixelFormat: 'rgb24', colorSpace: null, colorPrimaries: null, colorTransfer: null, colorRange: 'pc', audioCodec: null };
const LOOK: Grade = { ...DEFAULT_GRADE, look: 'blockbuster-teal-orange' };
const job = (format: AnyExportFormat, quality: ExportQuality, metadata: MediaMetadata = hd, grade: Grade = LOOK) => ({
  input: { path: '/work/in.mov', demuxer: 'mov' },
  metadata,
  grade,
  format,
  quality,
  lutPath: '/tmp/cinegrade-export-1/grade.cube',
  outputPath: '/tmp/cinegrade-export-1/out',
});

const GRADE_STEP = 'format=gbrpf32le,lut3d=file=/tmp/cinegrade-export-1/grade.cube:interp=tetrahedral';
const TAG_709 = 'setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv';

/** The output size for each quality of a 1920×1080 source, and where the scaling happens. */
const SIZES: Record<ExportQuality, [number, number, 'before' | 'after']> = {
  '720p': [1280, 720, 'before'],
  '1080p': [1920, 1080, 'before'],
  '2k': [2560, 1440, 'after'],
  '4k': [3840, 2160, 'after'],
  '8k': [7680, 4320, 'after'],
  '16k': [15360, 8640, 'after'],
};

/** What each format ends with: the final conversion, the encoder, audio and container. */
const FORMATS: Record<AnyExportFormat, { convert: string; encoder: string[]; audio: string[]; muxer: string[] }> = {
  mp4: {
    convert: 'matrix=709:range=limited,format=yuv420p,' + TAG_709,
    encoder: ['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'medium', '-crf', '18', '-pix_fmt', 'yuv420p', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv'],
    audio: ['-map', '0:a:0?', '-c:a', 'aac', '-b:a', '192k'],
    muxer: ['-movflags', '+faststart', '-f', 'mp4'],
  },
  webm: {
    convert: 'matrix=709:range=limited,format=yuv420p,' + TAG_709,
    encoder: ['-c:v', 'libvpx-vp9', '-crf', '24', '-b:v', '0', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv'],
    audio: ['-map', '0:a:0?', '-c:a', 'libopus', '-b:a', '160k'],
    muxer: ['-f', 'webm'],
  },
  mov: {
    convert: 'matrix=709:range=limited,format=yuv422p10le,' + TAG_709,
    encoder: ['-c:v', 'prores_ks', '-profile:v', '3', '-vendor', 'apl0', '-pix_fmt', 'yuv422p10le', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv'],
    audio: ['-map', '0:a?', '-c:a', 'pcm_s24le'],
    muxer: ['-f', 'mov'],
  },
  avi: { convert: ',format=gbrp,format=bgr24', encoder: ['-c:v', 'rawvideo', '-pix_fmt', 'bgr24'], audio: ['-map', '0:a?', '-c:a', 'pcm_s16le'], muxer: ['-f', 'avi'] },
  jpeg: { convert: 'matrix=470bg:range=full,format=yuvj444p', encoder: ['-c:v', 'mjpeg', '-q:v', '2', '-pix_fmt', 'yuvj444p'], audio: [], muxer: ['-frames:v', '1', '-an', '-update', '1', '-f', 'image2'] },
  png: { convert: ',format=gbrp,format=rgb24', encoder: ['-c:v', 'png', '-pix_fmt', 'rgb24'], audio: [], muxer: ['-frames:v', '1', '-an', '-update', '1', '-f', 'image2'] },
  tiff: { convert: ',format=gbrp16le,format=rgb48le', encoder: ['-c:v', 'tiff', '-pix_fmt', 'rgb48le', '-compression_algo', 'raw'], audio: [], muxer: ['-frames:v', '1', '-an', '-update', '1', '-f', 'image2'] },
};

/** The final zscale's options: the size when enlarging after the grade, then the format's conversion. */
function finalStep(format: AnyExportFormat, quality: ExportQuality): string {
  const [width, height, where] = SIZES[quality];
  const size = where === 'after' ? `w=${width}:h=${height}:filter=lanczos` : '';
  const { convert } = FORMATS[format];
  if (convert.startsWith(',')) return `zscale${size ? `=${size}` : ''}${convert}`;
  return `zscale=${size ? `${size}:` : ''}${convert}`;
}

function expectedArgs(format: AnyExportFormat, quality: ExportQuality, firstStep: string): string[] {
  const spec = FORMATS[format];
  return [
    '-hide_banner', '-nostdin', '-v', 'error',
    '-protocol_whitelist', 'file,pipe', '-f', 'mov', '-max_pixels', String(16384 * 16384), '-i', '/work/in.mov',
    '-filter_complex', `[0:v:0]${firstStep},${GRADE_STEP},${finalStep(format, quality)}[vout]`,
    '-map', '[vout]', ...spec.audio, ...spec.encoder, ...(format === 'avi' ? [] : ['-fps_mode', 'passthrough', '-enc_time_base', '-1']),
    '-max_muxing_queue_size', '1024', '-progress', 'pipe:1', '-nostats',
    ...spec.muxer, '-y', '/tmp/cinegrade-export-1/out',
  ];
}

describe('exportArgs for every video format and quality (a 1920×1080 BT.709 source, a look, no spatial sliders)', () => {
  for (const { id: format } of EXPORT_FORMATS) {
    for (const { id: quality } of EXPORT_QUALITIES) {
      it(`${format} at ${quality}`, () => {
        const [width, height, where] = SIZES[quality];
        const firstStep = where === 'before' && width !== 1920 ? `zscale=w=${width}:h=${height}:filter=bicubic` : 'zscale';
        expect(exportArgs(job(format, quality))).toEqual(expectedArgs(format, quality, firstStep));
        expect(planExportFrame(hd, quality, format).output).toEqual({ width, height });
      });
    }
  }
});

describe('exportArgs for every still format and quality (a 4000×3000 RGB PNG)', () => {
  const SHRINK: Record<ExportQuality, string> = {
    '720p': 'zscale=w=960:h=720:filter=bicubic',
    '1080p': 'zscale=w=1440:h=1080:filter=bicubic',
    '2k': 'zscale=w=1920:h=1440:filter=bicubic',
    '4k': 'zscale=w=2880:h=2160:filter=bicubic',
    '8k': 'zscale',
    '16k': 'zscale',
  };
  const ENLARGE: Partial<Record<ExportQuality, string>> = { '8k': 'w=5760:h=4320', '16k': 'w=11520:h=8640' };
  for (const { id: format } of STILL_EXPORT_FORMATS) {
    for (const { id: quality } of EXPORT_QUALITIES) {
      it(`${format} at ${quality}`, () => {
        const graph = exportFilterGraph(job(format, quality, photo));
        const enlarge = ENLARGE[quality];
        const { convert } = FORMATS[format];
        const last = convert.startsWith(',') ? `zscale${enlarge ? `=${enlarge}:filter=lanczos` : ''}${convert}` : `zscale=${enlarge ? `${enlarge}:filter=lanczos:` : ''}${convert}`;
        // RGB input: no tags to fill in, no YCbCr to decode.
        expect(graph).toBe(`[0:v:0]${SHRINK[quality]},${GRADE_STEP},${last}[vout]`);
        const args = exportArgs(job(format, quality, photo));
        expect(args.slice(args.indexOf('-filter_complex') + 2)).toEqual([
          '-map', '[vout]', ...FORMATS[format].encoder, '-max_muxing_queue_size', '1024', '-progress', 'pipe:1', '-nostats', ...FORMATS[format].muxer, '-y', '/tmp/cinegrade-export-1/out',
        ]);
      });
    }
  }
});

describe('exportFilterGraph', () => {
  it('adds clarity and vignette after the LUT, sized for the frame the grade runs on', () => {
    const grade: Grade = { ...LOOK, adjustments: { ...DEFAULT_ADJUSTMENTS, clarity: 50, vignette: 40 } };
    const graph = exportFilterGraph(job('mp4', '720p', hd, grade));
    expect(graph).toContain(`${GRADE_STEP},split=3[clarity_a1]`);
    expect(graph).toContain('gblur=sigma=5.76:steps=6'); // 0.008 × 720, the output's height: scaled first
    expect(graph).toContain('pow(X+0.5-640,2)+pow(Y+0.5-360,2))/539200');
    expect(graph).toMatch(/multiply=offset=0:scale=1,zscale=matrix=709:range=limited,format=yuv420p,setparams=/);
    const enlarged = exportFilterGraph(job('mp4', '4k', hd, grade));
    expect(enlarged).toContain('gblur=sigma=8.64:steps=6'); // the source's 1080 lines: scaled up after
  });

  it('untagged standard definition is BT.601: 625-line primaries for 576 and 288 lines, 525-line ones otherwise', () => {
    const untagged = { ...hd, colorSpace: null, colorPrimaries: null, colorTransfer: null, colorRange: null };
    expect(inputTagFilter({ ...untagged, width: 720, height: 576 })).toBe('setparams=colorspace=bt470bg:color_primaries=bt470bg:color_trc=bt709:range=tv');
    expect(inputTagFilter({ ...untagged, width: 352, height: 288 })).toBe('setparams=colorspace=bt470bg:color_primaries=bt470bg:color_trc=bt709:range=tv');
    expect(inputTagFilter({ ...untagged, width: 720, height: 480 })).toBe('setparams=colorspace=smpte170m:color_primaries=smpte170m:color_trc=bt709:range=tv');
    expect(inputTagFilter({ ...untagged, width: 1280, height: 720 })).toBe('setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv');
    // A tagged SD source keeps its own tags.
    expect(inputTagFilter({ ...hd, width: 720, height: 576 })).toBeNull();
  });

  it('deinterlaces interlaced sources first, one frame per frame', () => {
    expect(exportFilterGraph(job('mp4', '1080p', { ...hd, fieldOrder: 'tt' }))).toBe(exportFilterGraph(job('mp4', '1080p')).replace('[0:v:0]', '[0:v:0]bwdif=mode=send_frame:parity=auto:deint=interlaced,'));
    expect(exportFilterGraph(job('mp4', '1080p', { ...hd, fieldOrder: null }))).not.toContain('bwdif');
  });

  it('fills in only the tags an untagged source lacks: BT.709 limited for HD video, JFIF for JPEG stills', () => {
    const untagged = { ...hd, colorSpace: null, colorPrimaries: 'unknown', colorTransfer: null, colorRange: null };
    expect(inputTagFilter(untagged)).toBe('setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv');
    expect(inputTagFilter({ ...hd, colorRange: null })).toBe('setparams=range=tv');
    expect(inputTagFilter(hd)).toBeNull();
    expect(inputTagFilter({ ...hd, pixelFormat: 'yuvj420p', colorSpace: 'bt470bg', colorRange: 'pc', colorPrimaries: null, colorTransfer: null })).toBe('setparams=color_primaries=bt709:color_trc=bt709');
    expect(inputTagFilter({ ...hd, pixelFormat: 'yuvj444p', colorSpace: null, colorRange: null })).toBe('setparams=colorspace=bt470bg:range=pc');
    expect(inputTagFilter(photo)).toBeNull();
    // An HDR AVIF decoded to 16-bit PNG: the nclx colours the PNG lost are tagged for the tone map.
    const hdrAvif = { ...photo, container: 'avif', pixelFormat: 'rgb48be', bitDepth: 10, colorPrimaries: 'smpte432', colorTransfer: 'smpte2084', colorSpace: 'gbr', hdr: true };
    expect(inputTagFilter(hdrAvif)).toBe('setparams=color_primaries=smpte432:color_trc=smpte2084');
    expect(exportFilterGraph(job('jpeg', '720p', hdrAvif))).toMatch(/^\[0:v:0\]setparams=color_primaries=smpte432:color_trc=smpte2084,zscale=[^,]*transfer=linear:npl=100,.*zscale=primaries=709,tonemap=tonemap=hable/);
    expect(exportFilterGraph(job('mp4', '720p', untagged)).startsWith('[0:v:0]setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv,zscale=w=1280')).toBe(true);
  });

  it('honours rotation: a portrait phone clip at 720p is 720×1280', () => {
    const portrait = { ...hd, rotation: 90 };
    expect(planExportFrame(portrait, '720p', 'mp4')).toEqual({ output: { width: 720, height: 1280 }, work: { width: 720, height: 1280 }, scaleBeforeGrade: true });
    expect(exportFilterGraph(job('mp4', '720p', portrait))).toContain('zscale=w=720:h=1280:filter=bicubic');
  });

  it('keeps the source size without resampling when the quality matches it', () => {
    expect(exportFilterGraph(job('mov', '1080p')).startsWith(`[0:v:0]zscale,${GRADE_STEP},`)).toBe(true);
  });

  it('tone-maps HDR (HLG, PQ) to SDR before the LUT', () => {
    const hlg = { ...hd, colorTransfer: 'arib-std-b67', colorPrimaries: 'bt2020', colorSpace: 'bt2020nc', hdr: true, pixelFormat: 'yuv420p10le' };
    expect(exportFilterGraph(job('mov', '720p', hlg))).toBe(
      `[0:v:0]zscale=w=1280:h=720:filter=bicubic:transfer=linear:npl=100,format=gbrpf32le,zscale=primaries=709,tonemap=tonemap=hable:desat=0,zscale=transfer=709,${GRADE_STEP},zscale=matrix=709:range=limited,format=yuv422p10le,${TAG_709}[vout]`,
    );
  });

  it('turns a still upright first: a phone JPEG stored 1800×1200 with orientation 6 exports 720×1080', () => {
    const phone: MediaMetadata = { ...photo, width: 1800, height: 1200, videoCodec: 'mjpeg', pixelFormat: 'yuvj420p', colorSpace: 'bt470bg', colorRange: 'pc', orientation: 6 };
    expect(planExportFrame(phone, '720p', 'jpeg').output).toEqual({ width: 720, height: 1080 });
    const graph = exportFilterGraph(job('jpeg', '720p', phone));
    expect(graph.startsWith('[0:v:0]transpose=clock,setparams=color_primaries=bt709:color_trc=bt709,zscale=w=720:h=1080:filter=bicubic,')).toBe(true);
    expect(exportFilterGraph(job('png', '720p', { ...phone, orientation: 2 }))).toMatch(/^\[0:v:0\]hflip,setparams/);
    expect(exportFilterGraph(job('png', '720p', { ...phone, orientation: undefined }))).toMatch(/^\[0:v:0\]setparams/);
  });

  it('exports an odd-sized 4:2:0 still at its exact size: padded to even sides for zscale, cropped back before scaling', () => {
    const odd: MediaMetadata = { ...photo, width: 1024, height: 683, videoCodec: 'mjpeg', pixelFormat: 'yuvj420p', colorSpace: 'bt470bg', colorRange: 'pc' };
    expect(planExportFrame(odd, '720p', 'jpeg').output).toEqual({ width: 1079, height: 720 });
    expect(exportFilterGraph(job('tiff', '720p', odd))).toContain(
      `pad=ceil(iw/2)*2:ceil(ih/2)*2,zscale,format=gbrpf32le,crop=1024:683:0:0,${GRADE_STEP.slice('format=gbrpf32le,'.length)},zscale=w=1079:h=720:filter=lanczos,format=gbrp16le,format=rgb48le[vout]`,
    );
    // Shrinking: the scale follows the crop, before the grade.
    expect(exportFilterGraph(job('jpeg', '720p', { ...odd, width: 3001, height: 2001 }))).toContain('crop=3001:2001:0:0,zscale=w=1080:h=720:filter=bicubic,format=gbrpf32le,lut3d=');
    expect(exportFilterGraph(job('tiff', '720p', { ...odd, orientation: 8 }))).toContain('transpose=cclock,setparams=color_primaries=bt709:color_trc=bt709,pad=ceil(iw/2)*2:ceil(ih/2)*2,zscale,format=gbrpf32le,crop=683:1024:0:0,');
    // An RGB still of odd size needs no padding.
    expect(exportFilterGraph(job('png', '720p', { ...photo, width: 1025, height: 683 }))).not.toContain('pad=');
  });

  it('keeps a still’s alpha in PNG and TIFF, and lays it over white in JPEG', () => {
    const logo: MediaMetadata = { ...photo, width: 800, height: 600, pixelFormat: 'rgba' };
    const png = exportArgs(job('png', '720p', logo));
    expect(png[png.indexOf('-filter_complex') + 1]).toBe(
      `[0:v:0]split=2[colour][coverage];[coverage]format=gbrap,alphaextract,zscale=w=960:h=720:filter=lanczos[alpha];[colour]zscale,${GRADE_STEP},zscale=w=960:h=720:filter=lanczos,format=gbrp,format=gbrap[graded];[graded][alpha]alphamerge,format=rgba[vout]`,
    );
    expect(png.slice(png.indexOf('-pix_fmt'), png.indexOf('-pix_fmt') + 2)).toEqual(['-pix_fmt', 'rgba']);
    const tiff = exportArgs(job('tiff', '720p', logo));
    expect(tiff[tiff.indexOf('-filter_complex') + 1]).toMatch(/format=gbrap16le,alphaextract.*format=gbrp16le,format=gbrap16le\[graded\];\[graded\]\[alpha\]alphamerge,format=rgba64le\[vout\]$/);
    expect(tiff.slice(tiff.indexOf('-pix_fmt'), tiff.indexOf('-pix_fmt') + 2)).toEqual(['-pix_fmt', 'rgba64le']);
    expect(exportFilterGraph(job('jpeg', '720p', logo))).toMatch(/\[graded\]\[alpha\]alphamerge\[cut\];color=c=white:s=960x720,format=gbrp\[white\];\[white\]\[cut\]overlay=format=gbrp:shortest=1,zscale=matrix=470bg:range=full,format=yuvj444p\[vout\]$/);
    // A CMYK JPEG decodes with four components: that is not transparency.
    expect(exportFilterGraph(job('png', '720p', { ...logo, videoCodec: 'mjpeg', pixelFormat: 'yuva444p' }))).not.toContain('alphamerge');
  });

  it('refuses a LUT path that would need quoting in a filter graph', () => {
    expect(() => exportFilterGraph({ ...job('mp4', '720p'), lutPath: "/tmp/a,b'c.cube" })).toThrow(/Unsafe path/);
    expect(() => exportFilterGraph({ ...job('mp4', '720p'), shaperPath: "/tmp/a,b'c.cube" })).toThrow(/Unsafe path/);
  });

  it('runs an imported LUT\'s shaper with lut1d, linear, just before lut3d, and only when there is one', () => {
    const shaped = exportFilterGraph({ ...job('mp4', '720p'), shaperPath: '/tmp/cinegrade-export-1/shaper.cube' });
    expect(shaped).toContain('format=gbrpf32le,lut1d=file=/tmp/cinegrade-export-1/shaper.cube:interp=linear,lut3d=file=/tmp/cinegrade-export-1/grade.cube:interp=tetrahedral');
    expect(exportFilterGraph(job('mp4', '720p'))).not.toContain('lut1d');
  });
});

describe('plainTranscodeArgs', () => {
  it('has the same decoder, encoder and muxer settings, no grade; the hand-run lut3d goes first in -vf', () => {
    const args = plainTranscodeArgs(job('mp4', '720p'), 'lut3d=file=/tmp/look.cube');
    expect(args).toEqual([
      '-hide_banner', '-nostdin', '-v', 'error', '-protocol_whitelist', 'file,pipe', '-f', 'mov', '-max_pixels', String(16384 * 16384), '-i', '/work/in.mov',
      '-vf', 'lut3d=file=/tmp/look.cube,scale=1280:720', '-map', '0:v:0', ...FORMATS.mp4.audio, ...FORMATS.mp4.encoder, ...FORMATS.mp4.muxer, '-y', '/tmp/cinegrade-export-1/out',
    ]);
    expect(plainTranscodeArgs(job('mp4', '1080p'))).not.toContain('-vf');
  });
});

describe('exportTimeoutMs', () => {
  it('grows with frames and pixels, at least ten minutes, at most 22 hours, twice as long for VP9', () => {
    expect(exportTimeoutMs({ ...hd, durationSeconds: 2 }, 'mp4', '720p')).toBe(10 * 60 * 1000);
    const minute = exportTimeoutMs({ ...hd, durationSeconds: 60 }, 'mp4', '1080p');
    expect(minute).toBe((60 * 25 * 1920 * 1080 * 2500) / 1e6); // 2.2 hours for a minute of 1080p
    expect(exportTimeoutMs({ ...hd, durationSeconds: 60 }, 'webm', '1080p')).toBe(2 * minute);
    expect(exportTimeoutMs({ ...hd, durationSeconds: 3600 }, 'mov', '16k')).toBe(22 * 60 * 60 * 1000);
  });
});

describe('a segment of a split export', () => {
  const segment = { seekSeconds: 3.54, endSeconds: 7.06 };

  it('is seeked to in the input for most sources', () => {
    const args = exportArgs({ ...job('mp4', '720p'), segment });
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 4)).toEqual(['-ss', '3.540', '-to', '7.060']);
    expect(args[args.indexOf('-filter_complex') + 1]).not.toContain('trim=');
  });

  it('of MXF is decoded from the start and kept by its decoded frame times, its clock starting at the seek point', () => {
    const args = exportArgs({ ...job('mp4', '720p'), input: { path: '/work/in.mxf', demuxer: 'mxf' }, segment });
    expect(args).not.toContain('-ss');
    expect(args).not.toContain('-to');
    expect(args[args.indexOf('-filter_complex') + 1]).toMatch(/^\[0:v:0\]trim=start=3\.540:end=7\.060,settb=AVTB,setpts=PTS-3\.540\/TB,/);
    const last = exportArgs({ ...job('avi', '720p'), input: { path: '/work/in.mxf', demuxer: 'mxf' }, segment: { seekSeconds: 7.06, endSeconds: null } });
    expect(last[last.indexOf('-filter_complex') + 1]).toMatch(/^\[0:v:0\]trim=start=7\.060,settb=AVTB,setpts=PTS-STARTPTS,/);
  });
});

describe('an interlaced source', () => {
  const interlaced: MediaMetadata = { ...hd, fieldOrder: 'tt' };

  it('is deinterlaced (bwdif) by default, and in WebM, MOV and AVI, which keep no fields, whatever the setting', () => {
    for (const [format, deinterlace] of [['mp4', true], ['webm', false], ['mov', false], ['avi', false]] as const) {
      const args = exportArgs({ ...job(format, '720p', interlaced), deinterlace });
      expect(args[args.indexOf('-filter_complex') + 1]).toMatch(/^\[0:v:0\]bwdif=/);
      expect(args).not.toContain('+ildct+ilme');
    }
  });

  it('with deinterlacing off keeps its fields in MP4: each field graded at half height, woven back in its order, coded as fields', () => {
    const args = exportArgs({ ...job('mp4', '720p', interlaced), deinterlace: false });
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).not.toContain('bwdif');
    expect(graph).toMatch(/^\[0:v:0\]separatefields,setpts='if\(mod\(N,2\),PREV_INPTS,PTS\)',.*zscale=w=1280:h=360:filter=bicubic/);
    expect(graph).toMatch(/,weave=first_field=top,setfield=tff\[vout\]$/);
    expect(args.join(' ')).toContain('-flags +ildct+ilme -x264-params pic-struct=1');
    const bottom = exportArgs({ ...job('mp4', '1080p', { ...interlaced, fieldOrder: 'bb' }), deinterlace: false });
    expect(bottom[bottom.indexOf('-filter_complex') + 1]).toMatch(/,weave=first_field=bottom,setfield=bff\[vout\]$/);
  });
});
