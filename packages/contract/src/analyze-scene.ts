import { EDITOR_LOOK_IDS, type LookId } from '@cinegrade/color';
import { z } from 'zod';
import { defineRoutes } from './api-route';
import { MEDIA_TYPES } from './assets';

/**
 * Smart Analyze as a server function (docs/product-rules.md, 'Smart Analyze'): the editor sends a frame of
 * its media as a data URL and gets the scene analysis and ranked look recommendations back. The
 * server decodes the picture itself and runs the colour engine's analysis; nothing leaves it.
 */

/**
 * Longest side the editor sends (pixels). Statistics are taken on at most 65 536 pixels anyway,
 * so 512 px loses nothing and keeps a JPEG frame near 40 KB.
 */
export const ANALYSIS_FRAME_LONGEST_SIDE = 512;

/** A video may send this many frames in all (the current one plus `extraFrames`), merged as one scene. */
export const ANALYSIS_MAX_FRAMES = 4;

/**
 * Largest data URL accepted per frame: a 512 px JPEG is 30–80 KB, about 110 KB as base64. Four
 * frames at this cap stay under the API's 1 MB JSON body limit.
 */
export const ANALYSIS_MAX_DATA_URL_LENGTH = 240_000;

/** The picture formats the server decodes for analysis (what browsers' canvas.toDataURL writes). */
const DATA_URL = /^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

const frameDataUrl = (what: string) =>
  z
    .string({ error: `${what} must be a data URL of a JPEG, PNG or WebP picture` })
    .min(1, `${what} is empty`)
    .max(ANALYSIS_MAX_DATA_URL_LENGTH, `${what} is too large: send a frame of at most ${ANALYSIS_FRAME_LONGEST_SIDE} px as JPEG`)
    .regex(DATA_URL, `${what} must be a base64 data URL of a JPEG, PNG or WebP picture (data:image/jpeg;base64,...)`);

export const AnalyzeSceneRequest = z
  .object({
    imageData: frameDataUrl('imageData').describe('The frame to analyse, as a data URL'),
    mediaType: z.enum(MEDIA_TYPES, { error: 'mediaType must be image or video' }),
    extraFrames: z
      .array(frameDataUrl('Each of extraFrames'))
      .max(ANALYSIS_MAX_FRAMES - 1, `extraFrames holds at most ${ANALYSIS_MAX_FRAMES - 1} frames (${ANALYSIS_MAX_FRAMES} in all with imageData)`)
      .optional()
      .describe('Video only: more frames of the same clip, analysed together with imageData as one scene'),
  })
  .strict()
  .meta({ id: 'AnalyzeSceneRequest' });
export type AnalyzeSceneRequest = z.infer<typeof AnalyzeSceneRequest>;

export const LookRecommendation = z
  .object({
    lut: z.enum(EDITOR_LOOK_IDS as readonly [LookId, ...LookId[]]).describe('A look of the editor catalogue'),
    confidence: z.number().min(0).max(1),
    reason: z.string(),
    premium: z.boolean().describe('The look needs a tier other than Free'),
  })
  .meta({ id: 'LookRecommendation' });
export type LookRecommendation = z.infer<typeof LookRecommendation>;

export const SceneAnalysisSchema = z
  .object({
    lighting: z.string(),
    mood: z.string(),
    colorTemperature: z.string(),
    genre: z.string(),
    setting: z.string(),
    skinTone: z.string().optional(),
    timeOfDay: z.string().optional(),
  })
  .meta({ id: 'SceneAnalysis' });

export const AnalyzeSceneResponse = z
  .object({
    error: z
      .string()
      .optional()
      .describe(
        'Present when the picture cannot be judged well (almost black, or one flat tone): says why. The recommendations are then general ones, still usable.',
      ),
    recommendations: z.array(LookRecommendation),
    sceneAnalysis: SceneAnalysisSchema,
  })
  .meta({ id: 'AnalyzeSceneResponse' });
export type AnalyzeSceneResponse = z.infer<typeof AnalyzeSceneResponse>;

export const analysisRoutes = defineRoutes({
  analyzeScene: {
    method: 'post',
    path: '/api/functions/analyze-scene',
    summary:
      'Smart Analyze: measures the frame (and up to three more frames of a video) and recommends editor looks with a confidence and a reason. Free users get looks they can use first; premium ones are marked.',
    tag: 'analysis',
    auth: 'user',
    body: AnalyzeSceneRequest,
    response: AnalyzeSceneResponse,
    errors: [413, 422, 429],
  },
});
