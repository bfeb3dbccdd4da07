import { useMemo, useState } from 'react';
import { confidenceColor, DEFAULT_LOOK_STRENGTH, formatConfidence, type LookDefinition } from '@cinegrade/color';
import type { LookRecommendation, UserLut } from '@cinegrade/contract';
import { useOpenMedia } from '../../workspace/open-media';
import { gradeStore, useGradeState } from '../grade-store';
import { useUserLuts, type UserLutsState } from '../user-luts';
import { useRecommendations } from './analysis-store';
import { CATALOGUE_LOOKS, catalogueChips, catalogueItems, type CatalogueChip, type CatalogueItem } from './catalogue-filter';
import { chooseImportedLut, chooseLook, resetLook, useCanUsePremiumLooks } from './look-access';
import { LabelledSlider } from './LabelledSlider';
import { LockIcon } from './LockIcon';
import { LookSwatch, SwatchButton, type CardBaseProps } from './LookSwatch';
import { LutFilesMenu } from './LutFileControls';
import { ImportedLutCard } from './MyLuts';
import { customSwatchKey, type SwatchSubject } from './look-swatches';
import { mediaKey } from './media-key';
import { moveGridFocus } from './roving-grid';
import { useLookSwatches, type Swatches } from './use-look-swatches';
import './panels.css';

const CATALOGUE_SUBJECTS: readonly SwatchSubject[] = CATALOGUE_LOOKS.map((look) => ({ key: look.id, look: look.id }));

/**
 * Hollywood LUTs (docs/product-rules.md, 'Looks'): the catalogue as one grid of swatches of the
 * current frame through each look, filtered by category chips and a search, Smart Analyze's
 * recommendations marked in it; Reset to none; the look's strength; `.cube` import and download.
 */
export function LooksPanel() {
  const { grade } = useGradeState();
  const canUsePremium = useCanUsePremiumLooks();
  const userLuts = useUserLuts();
  const recommendations = useRecommendations(mediaKey(useOpenMedia()));
  const [chosenChip, setChip] = useState<CatalogueChip>('All');
  const [search, setSearch] = useState('');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // The larger view: the same catalogue over the editor, a few dozen cards at a time (docs/product-rules.md, 'Looks').
  const [expanded, setExpanded] = useState(false);
  const subjects = useMemo(
    () => [...userLuts.luts.map((lut): SwatchSubject => ({ key: customSwatchKey(lut.id), customLook: lut.id })), ...CATALOGUE_SUBJECTS],
    [userLuts.luts],
  );
  const swatches = useLookSwatches(subjects, grade.inputTransform);
  const hasLook = grade.look !== null || grade.customLook !== null;

  const chips = catalogueChips(recommendations.size > 0);
  // Recommended disappears with the results (Reset, other media): back to All.
  const chip = chips.includes(chosenChip) ? chosenChip : 'All';
  const items = useMemo(() => catalogueItems(chip, search, userLuts.luts, [...recommendations.keys()]), [chip, search, userLuts.luts, recommendations]);
  const keys = items.map((item) => item.key);
  const selectedKey = grade.look ?? (grade.customLook !== null ? customSwatchKey(grade.customLook) : null);
  // Roving tabindex: the last focused card, else the selected look, else the first card.
  const tabKey = [focusKey, selectedKey].find((key) => key !== null && keys.includes(key)) ?? keys[0];

  return (
    <section
      className={`editor-panel looks-panel${expanded ? ' looks-panel-expanded' : ''}`}
      aria-label="Hollywood LUTs"
      data-expanded={expanded || undefined}
      onKeyDown={(event) => {
        if (expanded && event.key === 'Escape') setExpanded(false);
      }}
    >
      <header className="editor-panel-head looks-head">
        <h3>Hollywood LUTs</h3>
        <input
          type="search"
          className="input looks-search"
          placeholder="Search looks"
          aria-label="Search looks"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="button" className="btn btn-sm" onClick={() => resetLook()} disabled={!hasLook}>
          Reset
        </button>
        <button
          type="button"
          className="btn btn-sm looks-expand"
          aria-expanded={expanded}
          aria-label={expanded ? 'Show fewer looks' : 'Show more looks'}
          title={expanded ? 'Back to the panel (Esc)' : 'Show the catalogue larger, over the editor'}
          onClick={() => setExpanded((on) => !on)}
        >
          {expanded ? '⤡' : '⤢'}
        </button>
      </header>
      <div
        className="look-chips"
        role="group"
        aria-label="Look categories"
        // One line of chips that scrolls sideways: a mouse wheel scrolls it too.
        onWheel={(event) => {
          if (Math.abs(event.deltaY) > Math.abs(event.deltaX)) event.currentTarget.scrollLeft += event.deltaY;
        }}
      >
        {chips.map((c) => (
          <button key={c} type="button" className={`look-chip${c === chip ? ' look-chip-on' : ''}${c === 'Recommended' ? ' look-chip-recommended' : ''}`} aria-pressed={c === chip} onClick={() => setChip(c)}>
            {c}
          </button>
        ))}
      </div>
      <div className="looks-scroll" data-testid="looks-catalogue">
        {chip === 'My LUTs' && <MyLutsNotes state={userLuts} search={search} />}
        {items.length === 0 && chip !== 'My LUTs' && <p className="small faint">No looks match “{search.trim()}” here.</p>}
        <div
          className="look-grid"
          role="group"
          aria-label={`${chip} looks`}
          onKeyDown={(event) => {
            const moved = moveGridFocus(event, keys);
            if (moved !== null) setFocusKey(moved);
          }}
        >
          {items.map((item) => (
            <CatalogueCard
              key={item.key}
              item={item}
              selected={item.key === selectedKey}
              tabbable={item.key === tabKey}
              canUsePremium={canUsePremium}
              recommendation={item.kind === 'look' ? recommendations.get(item.look.id) : undefined}
              swatches={swatches}
              onFocus={() => setFocusKey(item.key)}
            />
          ))}
        </div>
        {chip === 'Recommended' && (
          <ol className="look-reasons small" aria-label="Why these looks">
            {items.map((item) => {
              const recommendation = item.kind === 'look' ? recommendations.get(item.look.id) : undefined;
              return (
                recommendation &&
                item.kind === 'look' && (
                  <li key={item.key}>
                    <strong>{item.look.name}</strong> <span className={`confidence confidence-${confidenceColor(recommendation.confidence)}`}>{formatConfidence(recommendation.confidence)}</span>{' '}
                    <span className="muted">{recommendation.reason}</span>
                  </li>
                )
              );
            })}
          </ol>
        )}
      </div>
      <footer className="looks-footer">
        <LabelledSlider
          label="Look strength"
          value={grade.lookStrength}
          min={0}
          max={100}
          unit="%"
          disabled={!hasLook}
          description="How much of the look: 0% is the picture without it, 100% the full look."
          onChange={(value) => gradeStore.change((g) => ({ ...g, lookStrength: value }), { coalesce: 'lookStrength' })}
          onReset={() => gradeStore.change((g) => ({ ...g, lookStrength: DEFAULT_LOOK_STRENGTH }))}
          resetValue={DEFAULT_LOOK_STRENGTH}
        />
        <LutFilesMenu canImport={userLuts.userId !== null} />
      </footer>
    </section>
  );
}

function MyLutsNotes({ state, search }: { state: UserLutsState; search: string }) {
  if (state.userId === null) return <p className="small faint">Sign in to import your own .cube LUTs.</p>;
  if (state.status === 'failed') return <p className="small field-error">{state.error}</p>;
  if (state.status !== 'ready') return null;
  if (state.luts.length === 0) return <p className="small faint">Import a .cube file (.cube files, below) to keep your own looks here.</p>;
  if (search.trim() !== '' && !state.luts.some((lut) => lut.name.toLowerCase().includes(search.trim().toLowerCase())))
    return <p className="small faint">No imported LUT matches “{search.trim()}”.</p>;
  return null;
}

interface CardProps {
  item: CatalogueItem;
  selected: boolean;
  tabbable: boolean;
  canUsePremium: boolean;
  recommendation: LookRecommendation | undefined;
  swatches: Swatches;
  onFocus: () => void;
}

function CatalogueCard({ item, selected, tabbable, canUsePremium, recommendation, swatches, onFocus }: CardProps) {
  const common = { selected, tabIndex: tabbable ? 0 : -1, onFocus, gridKey: item.key, swatches };
  if (item.kind === 'lut') return <ImportedLutCard lut={item.lut} {...common} onChoose={(lut: UserLut) => chooseImportedLut(lut.id)} />;
  return <LookCard look={item.look} locked={item.look.tier === 'premium' && !canUsePremium} recommendation={recommendation} {...common} onChoose={() => chooseLook(item.look.id, canUsePremium)} />;
}

function LookCard(props: CardBaseProps & { look: LookDefinition; locked: boolean; recommendation: LookRecommendation | undefined; onChoose: () => void }) {
  const { look, locked, recommendation } = props;
  const premium = look.tier === 'premium';
  const recommended = recommendation
    ? { text: `Recommended, ${formatConfidence(recommendation.confidence)} confidence: ${recommendation.reason}`, colour: confidenceColor(recommendation.confidence) }
    : null;
  return (
    <SwatchButton
      {...props}
      className={`${locked ? ' look-card-locked' : ''}${recommended ? ' look-card-recommended' : ''}`}
      name={look.name}
      label={premium ? `${look.name} (Premium)` : look.name}
      title={[`${look.name} (${look.category}${premium ? ', Premium' : ''})`, look.description, recommended?.text].filter(Boolean).join('\n')}
      description={recommended?.text}
      data={{ 'data-look': look.id, 'data-tier': look.tier, ...(recommendation ? { 'data-recommended': formatConfidence(recommendation.confidence) } : {}) }}
      swatch={<LookSwatch pixels={props.swatches.pixels.get(look.id)} width={props.swatches.width} height={props.swatches.height} gradient={look.previewGradient} />}
    >
      {premium && (
        <span className="look-card-premium" aria-hidden title="Premium">
          {locked ? <LockIcon /> : '★'}
        </span>
      )}
      {recommended && (
        <span className={`look-card-confidence confidence-${recommended.colour}`} aria-hidden>
          {formatConfidence(recommendation!.confidence)}
        </span>
      )}
    </SwatchButton>
  );
}
