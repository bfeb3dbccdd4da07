import { describe, expect, it } from 'vitest';
import { ANALYSIS_MAX_DATA_URL_LENGTH, AnalyzeSceneRequest, AnalyzeSceneResponse } from './analyze-scene';

const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

function firstIssue(input: unknown): { path: string; message: string } | null {
  const parsed = AnalyzeSceneRequest.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('AnalyzeSceneRequest', () => {
  it('takes a data URL of a JPEG, PNG or WebP frame and the media type', () => {
    expect(firstIssue({ imageData: JPEG, mediaType: 'image' })).toBeNull();
    expect(firstIssue({ imageData: JPEG.replace('image/jpeg', 'image/png'), mediaType: 'video', extraFrames: [JPEG, JPEG, JPEG] })).toBeNull();
  });

  it('names imageData when it is not a picture data URL', () => {
    for (const imageData of ['', 'not a data url', 'data:image/gif;base64,R0lGODlh', 'data:image/jpeg;base64,@@@', 'https://example.com/a.jpg', 42]) {
      expect(firstIssue({ imageData, mediaType: 'image' })?.path, String(imageData)).toBe('imageData');
    }
    const huge = firstIssue({ imageData: `data:image/jpeg;base64,${'A'.repeat(ANALYSIS_MAX_DATA_URL_LENGTH)}`, mediaType: 'image' });
    expect(huge?.path).toBe('imageData');
    expect(huge?.message).toMatch(/too large/);
  });

  it('names the bad extra frame, allows at most three, and refuses unknown fields', () => {
    expect(firstIssue({ imageData: JPEG, mediaType: 'video', extraFrames: [JPEG, 'nope'] })?.path).toBe('extraFrames.1');
    expect(firstIssue({ imageData: JPEG, mediaType: 'video', extraFrames: [JPEG, JPEG, JPEG, JPEG] })?.path).toBe('extraFrames');
    expect(firstIssue({ imageData: JPEG, mediaType: 'audio' })?.path).toBe('mediaType');
    expect(firstIssue({ imageData: JPEG, mediaType: 'image', userId: 'x' })?.path).toBe('');
  });
});

describe('AnalyzeSceneResponse', () => {
  it('carries recommendations of editor looks and an optional error text', () => {
    const answer = {
      recommendations: [{ lut: 'instagram-warm', confidence: 0.7, reason: 'Warm', premium: false }],
      sceneAnalysis: { lighting: 'Balanced', mood: 'Calm', colorTemperature: '5600 K', genre: 'Lifestyle', setting: 'Indoor' },
    };
    expect(AnalyzeSceneResponse.safeParse(answer).success).toBe(true);
    expect(AnalyzeSceneResponse.safeParse({ ...answer, error: 'Too dark to judge' }).success).toBe(true);
    expect(AnalyzeSceneResponse.safeParse({ ...answer, recommendations: [{ lut: 'not-a-look', confidence: 0.7, reason: 'x', premium: false }] }).success).toBe(false);
  });
});
