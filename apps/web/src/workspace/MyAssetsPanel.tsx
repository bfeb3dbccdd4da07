import { useMemo, useState } from 'react';
import { MEDIA_TYPE_LABELS, type Asset } from '@cinegrade/contract';
import { GradeClipboardButtons } from '../batch/GradeClipboardButtons';
import { formatDate } from '../lib/format-date';
import { Spinner } from '../ui/primitives';
import { useAssetList, useDeleteAsset } from './asset-queries';
import { useOpenMedia, useOpenMediaActions } from './open-media';

type Filter = 'all' | 'batch' | 'manual';

const EMPTY: Record<Filter, string> = {
  all: 'No assets yet',
  batch: 'No batch processed files yet',
  manual: 'No manual uploads yet',
};

/** My Assets: filters with counts, a two-column grid, delete on hover. */
export function MyAssetsPanel() {
  const assets = useAssetList();
  const media = useOpenMedia();
  const { openAsset } = useOpenMediaActions();
  const { mutate: deleteAsset } = useDeleteAsset();
  const [filter, setFilter] = useState<Filter>('all');
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const selectedAssets = (assets ?? []).filter((a) => selected.has(a.id));
  const onlySelected = selectedAssets.length === 1 ? selectedAssets[0]! : null;
  const counts = useMemo(() => {
    const list = assets ?? [];
    const batch = list.filter((a) => a.batch_processed).length;
    return { all: list.length, batch, manual: list.length - batch };
  }, [assets]);
  const shown = (assets ?? []).filter((a) => (filter === 'all' ? true : filter === 'batch' ? a.batch_processed : !a.batch_processed));

  return (
    <section className="assets-panel" aria-labelledby="my-assets-heading">
      <div className="row">
        <h2 id="my-assets-heading" className="assets-title">
          My Assets
        </h2>
        <span className="spacer" />
        <span className="muted small" data-testid="asset-counts">
          {counts.manual} manual · {counts.batch} batch
        </span>
      </div>
      <div className="segmented" role="group" aria-label="Filter assets">
        {(['all', 'batch', 'manual'] as const).map((value) => (
          <button key={value} type="button" aria-pressed={filter === value} onClick={() => setFilter(value)}>
            {value === 'all' ? 'All' : value === 'batch' ? 'Batch' : 'Manual'} ({counts[value]})
          </button>
        ))}
      </div>
      <div className="asset-grade-bar">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-pressed={selecting}
          onClick={() => {
            setSelecting((on) => !on);
            setSelected(new Set());
          }}
        >
          {selecting ? 'Done' : 'Select'}
        </button>
        {selecting && (
          <>
            <span className="small muted">{selected.size} selected</span>
            <GradeClipboardButtons
              copyFrom={onlySelected ? { name: onlySelected.name, grade: { selected_lut: onlySelected.selected_lut, color_settings: onlySelected.color_settings } } : null}
              pasteOnto={[...selected]}
              noun="asset"
              sourceIn="title"
            />
          </>
        )}
      </div>
      {assets === null ? (
        <Spinner label="Loading assets..." />
      ) : shown.length === 0 ? (
        <p className="assets-empty muted">{EMPTY[filter]}</p>
      ) : (
        <ul className="asset-grid">
          {shown.map((asset) => (
            <AssetCard
              key={asset.id}
              asset={asset}
              active={media?.source === 'asset' && media.asset.id === asset.id}
              selected={selecting ? selected.has(asset.id) : null}
              onOpen={() => (selecting ? toggle(asset.id) : void openAsset(asset))}
              onDelete={() => {
                if (window.confirm(`Delete "${asset.name}" and its files? This cannot be undone.`)) deleteAsset(asset);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AssetCard(props: { asset: Asset; active: boolean; selected: boolean | null; onOpen: () => void; onDelete: () => void }) {
  const { asset } = props;
  return (
    <li className={`asset-card${props.active ? ' asset-card-active' : ''}`} data-testid="asset-card">
      {props.selected !== null && (
        <input type="checkbox" className="asset-select" checked={props.selected} onChange={props.onOpen} aria-label={`Select ${asset.name}`} />
      )}
      <button type="button" className="asset-open" onClick={props.onOpen} aria-label={`Open ${asset.name}`}>
        <div className="asset-thumb">
          {asset.thumbnail_url ? (
            <img src={asset.thumbnail_url} alt="" loading="lazy" />
          ) : (
            <span className="asset-placeholder">{MEDIA_TYPE_LABELS[asset.media_file_type]}</span>
          )}
          {asset.processing_status === 'processing' && <span className="asset-status">Processing…</span>}
          {asset.processing_status === 'failed' && (
            <span className="asset-status asset-status-failed" title={asset.processing_error ?? undefined}>
              Failed
            </span>
          )}
        </div>
        <span className="asset-name" title={asset.name}>
          {asset.name}
        </span>
        <span className="asset-meta">
          <span className="asset-type">{MEDIA_TYPE_LABELS[asset.media_file_type]}</span> · {formatDate(asset.updated_at)}
        </span>
      </button>
      <button type="button" className="asset-delete" onClick={props.onDelete} aria-label={`Delete ${asset.name}`}>
        ✕
      </button>
    </li>
  );
}
