import { analyzeScene, measureImage, mergeImageStats, summariseStats, type ImageStats, type StatsSummary } from '@cinegrade/color';
import { canUsePremiumLooks, type AnalyzeSceneRequest, type AnalyzeSceneResponse } from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import { invalidField, unreadableFrame } from '../http/http-error';
import { frameLabel, pictureFromDataUrl } from './data-url';
import { UndecodableFrameError, type FrameDecoder } from './frame-decoder.adapter';

const percent = (v: number): string => `${Math.round(v * 100)}%`;

/**
 * When the measurements cannot support a judgement, the answer says so in `error` (shown
 * as the 'Professional Mode' notice) and still carries recommendations: the engine's
 * general ones for such a picture, filled in with the spec's safe fallbacks.
 * - Almost black: 95 % of the pixels under 10 % luma. Casts and skin cannot be read in noise.
 * - Almost white: 95 % of the pixels over 90 % luma. The colour has been clipped away.
 * - One flat tone: under 4 % between the 5th and 95th luma percentiles (a blank wall, a slate,
 *   a solid test colour): no contrast or variety to judge.
 */
export function unjudgeableReason(summary: StatsSummary): string | null {
  const general = 'These are general recommendations; for a closer match, analyse a frame with more in it.';
  if (summary.luma.p95 < 0.1) {
    return `This frame is almost black (95% of it is darker than ${percent(summary.luma.p95)} brightness), so its colour and exposure cannot be judged. ${general}`;
  }
  if (summary.luma.p05 > 0.9) {
    return `This frame is almost white (95% of it is brighter than ${percent(summary.luma.p05)}), so its colours have been clipped away. ${general}`;
  }
  if (summary.tonalRange < 0.04) {
    return `This frame is one flat tone (its tonal range is ${percent(summary.tonalRange)}), so there is no contrast or colour variety to judge. ${general}`;
  }
  return null;
}

/** Smart Analyze on the server: decodes the frames, measures them as one scene, asks the engine. */
export class AnalysisService {
  constructor(
    private readonly decoder: FrameDecoder,
    private readonly profiles: ProfileRepository,
  ) {}

  async analyze(userId: string, request: AnalyzeSceneRequest): Promise<AnalyzeSceneResponse> {
    if (request.extraFrames && request.extraFrames.length > 0 && request.mediaType !== 'video') {
      throw invalidField('extraFrames', 'extraFrames is for videos only: send an image as imageData alone.');
    }
    const frames: [string, string][] = [['imageData', request.imageData], ...(request.extraFrames ?? []).map((frame, i): [string, string] => [`extraFrames.${i}`, frame])];
    // Every frame is checked before any is decoded, so a bad one fails fast and names itself.
    const pictures = frames.map(([field, dataUrl]) => ({ field, ...pictureFromDataUrl(dataUrl, field) }));
    const stats: ImageStats[] = [];
    for (const picture of pictures) {
      try {
        const frame = await this.decoder.decode(picture.bytes, picture.demuxer);
        stats.push(measureImage(frame.data, frame.width, frame.height));
      } catch (error) {
        if (!(error instanceof UndecodableFrameError)) throw error;
        throw unreadableFrame(picture.field, `${frameLabel(picture.field)} could not be read: the picture is damaged, or larger than 4096 × 4096 pixels.`);
      }
    }
    if (stats.every((s) => s.pixelCount === 0)) {
      throw unreadableFrame('imageData', 'This frame could not be read: it is fully transparent, so there is nothing to analyse.');
    }
    const { tier } = await this.profiles.subscription(userId);
    const result = analyzeScene(stats, { tier: canUsePremiumLooks(tier) ? 'premium' : 'free' });
    const reason = unjudgeableReason(summariseStats(mergeImageStats(stats)));
    return {
      ...(reason ? { error: reason } : {}),
      recommendations: result.recommendations.map((r) => ({ lut: r.lut, confidence: r.confidence, reason: r.reason, premium: r.premium })),
      sceneAnalysis: { ...result.sceneAnalysis },
    };
  }
}
