import { FALLBACK_RECOMMENDATIONS } from '@cinegrade/color';
import { API, type LookRecommendation, type MediaType } from '@cinegrade/contract';
import { ApiError, callApi } from '../../api/client';

/** The notice shown when the call fails and the built-in list is used (docs/product-rules.md, 'Messages'). */
export const ANALYSIS_UNAVAILABLE = 'Analysis service temporarily unavailable';

/**
 * The notice for a signed-out visitor trying the editor: the service is not down, it analyses
 * accounts' media only, so saying "unavailable" would be untrue. The built-in list still shows.
 */
export const ANALYSIS_NEEDS_ACCOUNT = 'Smart Analyze measures your footage on our server for signed-in accounts. Sign up to analyse this file; meanwhile these looks suit most content.';

export type SceneAnalysisView = { readonly label: string; readonly value: string }[];

/**
 * What Smart Analyze ends in (results, or fallback results on failure):
 * - complete: the server judged the frame;
 * - expert: the server answered with an `error` text (a frame it could not judge well), shown as
 *   the 'Professional Mode' notice, with its recommendations;
 * - fallback: the call failed; the spec's three recommendations, with the unavailable notice.
 */
export type AnalysisOutcome =
  | { kind: 'complete'; recommendations: readonly LookRecommendation[]; scene: SceneAnalysisView }
  | { kind: 'expert'; notice: string; recommendations: readonly LookRecommendation[]; scene: SceneAnalysisView }
  | { kind: 'fallback'; notice: string; recommendations: readonly LookRecommendation[]; scene: SceneAnalysisView };

/** The toast each outcome raises (docs/product-rules.md, 'Messages'). */
export function outcomeToast(outcome: AnalysisOutcome): { title: string; description: string } {
  const count = `${outcome.recommendations.length} look${outcome.recommendations.length === 1 ? '' : 's'}`;
  switch (outcome.kind) {
    case 'complete':
      return { title: 'Smart Analysis Complete', description: `${count} recommended for this scene.` };
    case 'expert':
      return { title: 'Expert Recommendations Ready', description: `${count} recommended; see the Professional Mode note.` };
    case 'fallback':
      return { title: 'Professional Recommendations', description: `${outcome.notice === ANALYSIS_UNAVAILABLE ? `${ANALYSIS_UNAVAILABLE}. ` : ''}Showing ${count} that suit most content.` };
  }
}

export async function analyzeScene(frames: { imageData: string; extraFrames: string[] }, mediaType: MediaType, signal?: AbortSignal): Promise<AnalysisOutcome> {
  try {
    const answer = await callApi(API.analyzeScene, {
      body: { imageData: frames.imageData, mediaType, ...(mediaType === 'video' && frames.extraFrames.length > 0 ? { extraFrames: frames.extraFrames } : {}) },
      signal,
    });
    const a = answer.sceneAnalysis;
    const scene: SceneAnalysisView = [
      { label: 'Lighting', value: a.lighting },
      { label: 'Mood', value: a.mood },
      { label: 'Colour temperature', value: a.colorTemperature },
      { label: 'Genre', value: a.genre },
      { label: 'Setting', value: a.setting },
      ...(a.skinTone ? [{ label: 'Skin tone', value: a.skinTone }] : []),
      ...(a.timeOfDay ? [{ label: 'Time of day', value: a.timeOfDay }] : []),
    ];
    return answer.error
      ? { kind: 'expert', notice: answer.error, recommendations: answer.recommendations, scene }
      : { kind: 'complete', recommendations: answer.recommendations, scene };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const signedOut = error instanceof ApiError && error.status === 401;
    // Too many analyses in a minute, or a frame the server could not read: the service is up, so
    // its own message (worded for a person) says what happened.
    const limited = error instanceof ApiError && error.status === 429;
    const unreadable = error instanceof ApiError && error.status === 422 && error.code === 'unsupported_media';
    const told = limited || unreadable;
    if (!signedOut && !told) console.error('Smart Analyze failed', error);
    const notice = signedOut ? ANALYSIS_NEEDS_ACCOUNT : told ? error.message : ANALYSIS_UNAVAILABLE;
    return { kind: 'fallback', notice, recommendations: FALLBACK_RECOMMENDATIONS, scene: [] };
  }
}
