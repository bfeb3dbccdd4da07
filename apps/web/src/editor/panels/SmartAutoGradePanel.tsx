import { useEffect, useRef, useState } from 'react';
import { ADJUSTMENT_INFO, confidenceColor, formatConfidence, getLook, suggestAutoGrade, type AdjustmentKey } from '@cinegrade/color';
import { ANALYSIS_MAX_FRAMES, type LookRecommendation } from '@cinegrade/contract';
import { toast } from '../../ui/toast-store';
import { useOpenMedia } from '../../workspace/open-media';
import { useEditorMedia } from '../editor-media';
import { gradeStore, useGradeState } from '../grade-store';
import { analysisStore, useAnalysisOutcome } from './analysis-store';
import { analyzeScene, outcomeToast } from './analyze-scene-client';
import { LockIcon } from './LockIcon';
import { chooseLook, useCanUsePremiumLooks } from './look-access';
import { mediaKey } from './media-key';
import { captureAnalysisFrames, measureCurrentFrame } from './scene-frames';
import { ShotMatch } from './ShotMatch';
import './panels.css';

/** The adjustments Smart Auto Grade decides for the editor; the creative ones stay as the person set them. */
const AUTO_GRADE_KEYS = ['temperature', 'contrast', 'highlights', 'shadows'] as const satisfies readonly AdjustmentKey[];

function noMedia(): void {
  toast({ title: 'No Media Available', description: 'Please upload an image or video first', variant: 'destructive' });
}

/**
 * Smart Auto Grade (docs/product-rules.md, 'Smart Analyze'): Smart Analyze on the server with its results,
 * the Auto Grade button (slider values measured from the frame), and Reset to clear the results.
 */
export function SmartAutoGradePanel() {
  const media = useOpenMedia();
  const { element, mediaType } = useEditorMedia();
  const { grade } = useGradeState();
  const canUsePremium = useCanUsePremiumLooks();
  const key = mediaKey(media);
  const [analyzing, setAnalyzing] = useState(false);
  const running = useRef<AbortController | null>(null);
  const outcome = useAnalysisOutcome(key);

  // Results belong to the media they were made for; switching media abandons a running analysis.
  useEffect(() => () => running.current?.abort(), [key]);

  const analyze = async () => {
    const frames = await captureAnalysisFrames(element, grade.inputTransform);
    if (!frames || !media) return noMedia();
    const controller = new AbortController();
    running.current = controller;
    setAnalyzing(true);
    try {
      const next = await analyzeScene(frames, mediaType ?? media.mediaType, controller.signal);
      analysisStore.set({ key, outcome: next });
      toast({ ...outcomeToast(next), variant: next.kind === 'fallback' ? 'default' : 'success' });
    } catch {
      // Aborted: the media changed under it.
    } finally {
      if (running.current === controller) running.current = null;
      setAnalyzing(false);
    }
  };

  const autoGrade = () => {
    const stats = measureCurrentFrame(element, grade.inputTransform);
    if (!stats) return noMedia();
    const suggested = suggestAutoGrade(stats, 'editor');
    gradeStore.change((g) => ({ ...g, adjustments: { ...g.adjustments, ...Object.fromEntries(AUTO_GRADE_KEYS.map((k) => [k, suggested[k]])) } }));
    const changed = AUTO_GRADE_KEYS.filter((k) => suggested[k] !== 0).map((k) => `${ADJUSTMENT_INFO[k].label} ${suggested[k] > 0 ? '+' : ''}${suggested[k]}`);
    toast({ title: 'Auto Grade applied', description: changed.length > 0 ? changed.join(', ') : 'The frame is already balanced: no change needed.', variant: 'success' });
  };

  return (
    <section className="editor-panel smart-panel" aria-label="Smart Auto Grade">
      <header className="editor-panel-head">
        <h3>Smart Auto Grade</h3>
        <span className="spacer" />
        <button type="button" className="btn btn-sm" disabled={!outcome} onClick={() => analysisStore.set(null)}>
          Reset
        </button>
      </header>
      <div className="row row-wrap smart-actions">
        <button type="button" className="btn btn-primary btn-sm" disabled={!media || analyzing} onClick={() => void analyze()}>
          {analyzing ? 'Analyzing Scene...' : 'Smart Analyze'}
        </button>
        <button type="button" className="btn btn-sm" disabled={!media} onClick={autoGrade} title="Set temperature, contrast, highlights and shadows from the frame">
          Auto Grade
        </button>
      </div>
      {!outcome && <SmartIntro />}
      {outcome && (
        <div className="smart-results" data-testid="analysis-results">
          {outcome.kind !== 'complete' && (
            <div className="professional-mode" role="note" aria-label="Professional Mode">
              <strong>Professional Mode</strong>
              <p className="small">{outcome.notice}</p>
            </div>
          )}
          <ul className="recommendations">
            {outcome.recommendations.map((r) => (
              <RecommendationItem key={r.lut} recommendation={r} selected={grade.look === r.lut} locked={r.premium && !canUsePremium} onApply={() => chooseLook(r.lut, canUsePremium)} />
            ))}
          </ul>
          {outcome.scene.length > 0 && (
            <dl className="scene-analysis">
              {outcome.scene.map((item) => (
                <div key={item.label}>
                  <dt>{item.label}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
      <ShotMatch />
    </section>
  );
}

/** What the two buttons do, shown before either has been used (true to the code above and on the server). */
function SmartIntro() {
  return (
    <div className="smart-intro" data-testid="smart-intro">
      <p className="small">
        <strong>Smart Analyze</strong> sends the frame on screen (for a video, up to {ANALYSIS_MAX_FRAMES - 1} more from across the clip) to our server. It measures
        light, colour and skin, describes the scene and recommends up to five looks, each with a confidence and the reason. They are listed here and marked in
        Hollywood LUTs. Analysing needs an account; signed out, you get three looks that suit most content.
      </p>
      <p className="small">
        <strong>Auto Grade</strong> measures the frame on screen and sets Temperature, Contrast, Highlights and Shadows. The look and the other sliders stay as
        they are; Undo (Ctrl/Cmd+Z) takes it back.
      </p>
    </div>
  );
}

function RecommendationItem({ recommendation, selected, locked, onApply }: { recommendation: LookRecommendation; selected: boolean; locked: boolean; onApply: () => void }) {
  const look = getLook(recommendation.lut);
  const colour = confidenceColor(recommendation.confidence);
  return (
    <li>
      <button type="button" className={`recommendation${selected ? ' recommendation-selected' : ''}`} aria-pressed={selected} onClick={onApply} data-look={look.id}>
        <span className="recommendation-head">
          <span className="recommendation-name">{look.name}</span>
          {recommendation.premium && (
            <span className="badge badge-premium">
              {locked && <LockIcon />}
              Premium
            </span>
          )}
          <span className="spacer" />
          <span className={`confidence confidence-${colour}`} data-confidence-color={colour}>
            {formatConfidence(recommendation.confidence)}
          </span>
        </span>
        <span className="recommendation-reason small muted">{recommendation.reason}</span>
      </button>
    </li>
  );
}
