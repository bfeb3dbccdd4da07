import { DropdownMenu } from 'radix-ui';
import { useEffect, useMemo, useState } from 'react';
import {
  canUseProExport,
  DEFAULT_SETTINGS,
  defaultExportChoice,
  displayedSize,
  EXPORT_QUALITIES,
  exportFormatInfo,
  exportFormatsFor,
  exportFrameSize,
  exportQualityInfo,
  exportUnavailableReason,
  gradeFromSavedGrade,
  gradeUsesClarityOrVignette,
  needsToneMapping,
  normaliseTier,
  QUICK_EXPORT,
  SMART_ENHANCEMENT_STATUS,
  type AnyExportFormat,
  type ExportChoice,
  type ExportQuality,
  type MediaFeatureStates,
} from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { useGradeState } from '../editor/grade-store';
import { useUserSettings } from '../settings/settings-queries';
import { useSetDeinterlace } from '../workspace/asset-queries';
import { useOpenMedia, type OpenMedia } from '../workspace/open-media';
import { proFootnote, qualityHint, sourceNote, transparencyNote } from './export-hints';
import { gradeToExport, useExport } from './use-export';
import { useMediaFeatures } from './use-media-features';
import './export.css';

/** The open media's picture size as displayed (rotation and orientation applied), when the probe knows it. */
function mediaSize(media: OpenMedia | null): { width: number; height: number } | null {
  const metadata = media?.source === 'asset' ? media.asset.metadata : null;
  return metadata ? displayedSize(metadata) : null;
}

/**
 * What the server's ffmpeg cannot render for the open media: a reason that stops every export of
 * this grade and source (`all`), and the formats it cannot encode, each with its reason.
 */
function unavailableExports(features: MediaFeatureStates | null, media: OpenMedia | null): { all: string | null; format: (id: AnyExportFormat) => string | null } {
  if (!features) return { all: null, format: () => null };
  const asset = media?.source === 'asset' ? media.asset : null;
  const saved = asset ? gradeToExport(asset) : null;
  const grade = saved?.ok ? gradeFromSavedGrade(saved.saved) : null;
  const all = exportUnavailableReason(features, {
    usesClarityOrVignette: grade?.ok ? gradeUsesClarityOrVignette(grade.grade) : false,
    toneMapping: asset?.metadata ? needsToneMapping(asset.metadata) : false,
  });
  return { all, format: (id) => features[id].reason };
}

function ProMark() {
  return (
    <span className="badge badge-premium" aria-label="Premium only">
      PRO
    </span>
  );
}

/**
 * The header's Export dropdown (docs/product-rules.md, 'Export'): formats with their codecs and qualities
 * with their estimated file sizes, pro items marked PRO and disabled for Free, Quick Export (a free format
 * at 720p), defaults from the user's saved settings, 'Processing N%' on the disabled button while
 * an export runs, with a Cancel beside it. For an interlaced source, a Deinterlace checkbox saved
 * with the asset, and a note saying what this format's export does with the fields
 * (docs/product-rules.md, 'Interlaced sources').
 */
export function ExportMenu() {
  const { profile, subscription } = useAuth();
  const media = useOpenMedia();
  const exporter = useExport();
  const tier = subscription.subscription_tier ?? normaliseTier(profile?.subscription_tier);
  const pro = canUseProExport(tier);
  // The built-in defaults serve until (or when) the saved settings cannot be read.
  const settings = useUserSettings().data ?? DEFAULT_SETTINGS;
  const mediaType = media?.mediaType ?? 'video';
  const size = mediaSize(media);
  // Keyed by values, not the media object: a live refresh of the asset list keeps the choice.
  const [width, height] = [size?.width ?? 0, size?.height ?? 0];
  const defaults = useMemo(() => defaultExportChoice(settings, tier, { type: mediaType, size: width && height ? { width, height } : null }), [settings, tier, mediaType, width, height]);
  const [choice, setChoice] = useState<ExportChoice>(defaults);
  const features = useMediaFeatures();
  useGradeState(); // The grade decides whether clarity and vignette are needed: follow its edits.
  const unavailable = unavailableExports(features, media);
  const setDeinterlace = useSetDeinterlace();

  // A new media, tier or saved preference starts again from the defaults.
  useEffect(() => setChoice(defaults), [defaults]);

  const formats = exportFormatsFor(mediaType);
  const hintSource = {
    mediaType,
    size,
    metadata: media?.source === 'asset' ? media.asset.metadata : null,
    fileBytes: media?.source === 'asset' ? media.asset.size_bytes : null,
  };
  const format = formats.some((f) => f.id === choice.format) ? choice.format : defaults.format;
  const asset = media?.source === 'asset' ? media.asset : null;
  const note = sourceNote(hintSource.metadata, asset?.deinterlace ?? true, format, size ? exportFrameSize(size, choice.quality, mediaType) : undefined);
  const formatInfo = exportFormatInfo(format);
  const transparency = transparencyNote(mediaType, hintSource.metadata);
  const qualityInfo = exportQualityInfo(choice.quality);
  const quick = { format: QUICK_EXPORT[mediaType], quality: QUICK_EXPORT.quality };
  const blocked = (target: AnyExportFormat) => unavailable.all ?? unavailable.format(target);
  const run = (target: { format: AnyExportFormat; quality: ExportQuality }) =>
    void exporter.start(media, { outputFormat: target.format, quality: target.quality, codec: exportFormatInfo(target.format).codecId });

  if (exporter.running) {
    return (
      <div className="row" style={{ gap: 6 }}>
        <button type="button" className="btn btn-primary" disabled data-testid="export-button">
          Processing {Math.floor(exporter.progress)}%
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void exporter.cancel()}>
          Cancel export
        </button>
      </div>
    );
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="btn btn-primary" data-testid="export-button">
        ⇩ Export
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content export-menu" align="end" sideOffset={6}>
          {unavailable.all && (
            <div className="menu-label export-unavailable small" role="note" data-testid="export-unavailable">
              {unavailable.all} Please contact support.
            </div>
          )}
          <DropdownMenu.Label className="menu-label small muted">Format</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={format} onValueChange={(value) => setChoice((c) => ({ ...c, format: value as AnyExportFormat }))}>
            {formats.map((f) => {
              const off = unavailable.format(f.id);
              return (
                <DropdownMenu.RadioItem
                  key={f.id}
                  value={f.id}
                  className="menu-item export-format"
                  disabled={(f.pro && !pro) || blocked(f.id) !== null}
                  onSelect={(event) => event.preventDefault()}
                  aria-label={`${f.label} ${f.codec}${f.pro ? ' PRO' : ''}`}
                  aria-description={off ?? undefined}
                >
                  <span className="export-check" aria-hidden>
                    <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                  </span>
                  <span>{f.label}</span>
                  <span className="faint small">{f.codec}</span>
                  <span className="spacer" />
                  {f.pro && <ProMark />}
                  {off && <span className="export-unavailable small">{off}</span>}
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
          {transparency && (
            <div className="menu-label faint small" role="note" data-testid="export-transparency">
              {transparency}
            </div>
          )}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Label className="menu-label small muted">Quality</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={choice.quality} onValueChange={(value) => setChoice((c) => ({ ...c, quality: value as ExportQuality }))}>
            {EXPORT_QUALITIES.map((q) => {
              const hint = qualityHint(format, q.id, hintSource);
              return (
                <DropdownMenu.RadioItem
                  key={q.id}
                  value={q.id}
                  className="menu-item"
                  disabled={q.pro && !pro}
                  onSelect={(event) => event.preventDefault()}
                  aria-label={`${q.label}${hint ? ` ${hint}` : ''}${q.pro ? ' PRO' : ''}`}
                >
                  <span className="export-check" aria-hidden>
                    <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                  </span>
                  <span>{q.label}</span>
                  <span className="faint small">{hint}</span>
                  <span className="spacer" />
                  {q.pro && <ProMark />}
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item export-action" disabled={blocked(format) !== null} onSelect={() => run({ format, quality: choice.quality })}>
            Export {formatInfo.label} {qualityInfo.label}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" disabled={blocked(quick.format) !== null} onSelect={() => run(quick)}>
            Quick Export ({exportFormatInfo(quick.format).label}, {exportQualityInfo(quick.quality).label})
          </DropdownMenu.Item>
          {asset?.metadata?.fieldOrder && (
            // Shown only for interlaced sources (docs/product-rules.md, 'Interlaced sources'); saved with the asset.
            <DropdownMenu.CheckboxItem
              className="menu-item"
              checked={asset.deinterlace}
              disabled={setDeinterlace.isPending}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) => setDeinterlace.mutate({ asset, deinterlace: checked === true })}
              data-testid="export-deinterlace"
            >
              <span className="export-check" aria-hidden>
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              <span>Deinterlace</span>
            </DropdownMenu.CheckboxItem>
          )}
          {note && (
            <div className="menu-label faint small" role="note" data-testid="export-source-note">
              {note}
            </div>
          )}
          {!pro && <div className="menu-label faint small">{proFootnote(formats)}</div>}
          <div className="menu-label faint small" data-testid="export-enhancement-note">
            {SMART_ENHANCEMENT_STATUS.title}: the file carries the grade only.
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
