import { useEffect, useRef, useState } from 'react';
import { ADJUSTMENT_INFO, applyShotMatch, matchShot, SHOT_MATCH_KEYS, type Grade, type InputTransformId } from '@cinegrade/color';
import { gradeFromSavedGrade, type Asset } from '@cinegrade/contract';
import { toast } from '../../ui/toast-store';
import { useAssetList } from '../../workspace/asset-queries';
import { useOpenMedia } from '../../workspace/open-media';
import { useEditorMedia } from '../editor-media';
import { gradeStore, useGradeState } from '../grade-store';
import { mediaKey } from './media-key';
import { AdjustmentSlider } from './AdjustmentSlider';
import { captureMeasureFrame } from './scene-frames';
import { readReferencePicture, ReferenceUnreadableError } from './shot-match-frames';
import './shot-match.css';

/** What the clip is matched to: another asset, or a frame of this clip taken earlier. */
type Reference = { kind: 'asset'; assetId: string } | { kind: 'frame'; image: ImageData; seconds: number };

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The chosen reference and the media it was chosen for, kept outside the component so it outlives
 * the panel (on a phone, switching to another tab unmounts it); opening other media forgets it.
 */
let kept: { key: string | null; reference: Reference } | null = null;

export const shotMatchReference = {
  forget: (): void => {
    kept = null;
  },
};

/** What Shot Match sets that Color Grading has no slider for; shown here so they can be changed too. */
const EXTRA_KEYS = ['exposure', 'tint'] as const;

function cannotRead(description: string): void {
  toast({ title: 'Reference not readable', description, variant: 'destructive' });
}

/** The camera input the asset is graded with, so its picture is measured as Rec.709 like the clip's. */
function inputTransformOf(asset: Asset): InputTransformId {
  const saved = gradeFromSavedGrade({ selected_lut: asset.selected_lut, color_settings: asset.color_settings });
  return saved.ok ? saved.grade.inputTransform : 'rec709';
}

/** "Temperature −12, Exposure +20, …" for the values the match set, and whether it bent the curves. */
function describeMatch(match: Grade): string {
  const sliders = SHOT_MATCH_KEYS.filter((key) => match.adjustments[key] !== 0).map((key) => {
    const value = match.adjustments[key];
    return `${ADJUSTMENT_INFO[key].label} ${value > 0 ? '+' : ''}${value}`;
  });
  if (match.curves) sliders.push(match.curves.master.length > 0 ? 'the master curve' : 'red, green and blue curves');
  return sliders.length > 0 ? `${sliders.join(', ')}. Undo (Ctrl/Cmd+Z) takes it back.` : 'The two pictures already match: no change needed.';
}

/**
 * Shot Match (docs/product-rules.md, 'Smart Analyze'): pick a reference — another of your assets,
 * or a frame of this clip at another time — and Match sets white balance, exposure, contrast,
 * saturation and the colour curves so the frame on screen looks like it. The values are ordinary
 * grade values, changed and undone like any other.
 */
export function ShotMatch() {
  const media = useOpenMedia();
  const { element, mediaType } = useEditorMedia();
  const { grade } = useGradeState();
  const assets = useAssetList();
  const key = mediaKey(media);
  const [reference, setShown] = useState<Reference | null>(() => (kept?.key === key ? kept.reference : null));
  const [matching, setMatching] = useState(false);
  const running = useRef<AbortController | null>(null);
  const setReference = (next: Reference) => {
    kept = { key, reference: next };
    setShown(next);
  };

  // A reference belongs to the media it was chosen for; switching media forgets it.
  useEffect(() => {
    if (kept?.key !== key) kept = null;
    setShown(kept?.reference ?? null);
    return () => running.current?.abort();
  }, [key]);

  const openAssetId = media?.source === 'asset' ? media.asset.id : null;
  const others = (assets ?? []).filter((asset) => asset.id !== openAssetId);
  const isVideo = (mediaType ?? media?.mediaType) === 'video';
  const chosenAsset = reference?.kind === 'asset' ? (others.find((asset) => asset.id === reference.assetId) ?? null) : null;

  const takeFrame = () => {
    const image = captureMeasureFrame(element, grade.inputTransform);
    if (!image) return cannotRead('The frame on screen could not be read. Wait for the video to show a picture and try again.');
    setReference({ kind: 'frame', image, seconds: element instanceof HTMLVideoElement ? element.currentTime : 0 });
  };

  const readReference = async (signal: AbortSignal): Promise<ImageData | null> => {
    if (reference?.kind === 'frame') return reference.image;
    if (!chosenAsset) {
      cannotRead('That asset is no longer in My Assets. Choose another reference.');
      return null;
    }
    if (!chosenAsset.thumbnail_url) {
      cannotRead(
        chosenAsset.processing_status === 'processing'
          ? `"${chosenAsset.name}" is still being prepared and has no picture yet. Try again in a moment.`
          : `"${chosenAsset.name}" has no picture to match to. Choose another reference.`,
      );
      return null;
    }
    try {
      return await readReferencePicture(chosenAsset.thumbnail_url, inputTransformOf(chosenAsset), signal);
    } catch (error) {
      if (error instanceof ReferenceUnreadableError) cannotRead(`The picture of "${chosenAsset.name}" could not be read. ${error.message}`);
      else if (!signal.aborted) cannotRead(`The picture of "${chosenAsset.name}" could not be read.`);
      return null;
    }
  };

  const match = async () => {
    const current = captureMeasureFrame(element, grade.inputTransform);
    if (!current) return toast({ title: 'No Media Available', description: 'Please upload an image or video first', variant: 'destructive' });
    const controller = new AbortController();
    running.current = controller;
    setMatching(true);
    try {
      const picture = await readReference(controller.signal);
      if (!picture || controller.signal.aborted) return;
      const result = matchShot(current, picture);
      gradeStore.change((g) => applyShotMatch(g, result));
      toast({ title: 'Shot matched', description: describeMatch(result), variant: 'success' });
    } finally {
      if (running.current === controller) running.current = null;
      setMatching(false);
    }
  };

  return (
    <section className="shot-match" aria-label="Shot Match">
      <h4 className="shot-match-title">Shot Match</h4>
      <p className="small muted">
        Choose a reference, then Match: white balance, exposure, contrast, saturation and the colour curves are set so the frame on screen looks like it. The
        look and the other sliders stay as they are.
      </p>
      <div className="shot-match-references" role="group" aria-label="Reference">
        {isVideo && (
          <button type="button" className="shot-match-reference shot-match-frame" aria-pressed={reference?.kind === 'frame'} disabled={!media} onClick={takeFrame}>
            <span className="shot-match-thumb shot-match-thumb-frame" aria-hidden="true">
              Frame
            </span>
            <span className="shot-match-name">{reference?.kind === 'frame' ? `This clip at ${clock(reference.seconds)}` : 'A frame of this clip (the one on screen now)'}</span>
          </button>
        )}
        {others.map((asset) => (
          <button
            key={asset.id}
            type="button"
            className="shot-match-reference"
            aria-pressed={reference?.kind === 'asset' && reference.assetId === asset.id}
            onClick={() => setReference({ kind: 'asset', assetId: asset.id })}
            title={asset.name}
          >
            <span className="shot-match-thumb" aria-hidden="true">{asset.thumbnail_url ? <img src={asset.thumbnail_url} alt="" loading="lazy" /> : asset.media_file_type === 'video' ? 'Video' : 'Image'}</span>
            <span className="shot-match-name">{asset.name}</span>
          </button>
        ))}
      </div>
      {!isVideo && assets !== null && others.length === 0 && <p className="small muted">Upload another picture or video to match this one to it.</p>}
      <button type="button" className="btn btn-primary btn-sm" disabled={!media || !reference || matching} onClick={() => void match()}>
        {matching ? 'Matching...' : 'Match'}
      </button>
      {EXTRA_KEYS.some((key) => grade.adjustments[key] !== 0) && (
        <div className="shot-match-extra" role="group" aria-label="Exposure and Tint">
          <p className="small muted">Color Grading has no slider for these two; change or reset them here.</p>
          {EXTRA_KEYS.map((key) => (
            <AdjustmentSlider key={key} adjustment={key} value={grade.adjustments[key]} />
          ))}
        </div>
      )}
    </section>
  );
}
