import { useMemo } from 'react';
import { DEFAULT_LOOK_STRENGTH, LOOK_CATEGORIES, looksInCatalogue, type LookDefinition } from '@cinegrade/color';
import type { UserLut } from '@cinegrade/contract';
import { gradeStore, useGradeState } from '../grade-store';
import { useUserLuts } from '../user-luts';
import { chooseImportedLut, chooseLook, resetLook, useCanUsePremiumLooks } from './look-access';
import { LabelledSlider } from './LabelledSlider';
import { LockIcon } from './LockIcon';
import { LookSwatch } from './LookSwatch';
import { LutDownloadControls } from './LutFileControls';
import { MyLuts } from './MyLuts';
import { customSwatchKey, type SwatchSubject } from './look-swatches';
import { useLookSwatches, type Swatches } from './use-look-swatches';
import './panels.css';

const EDITOR_LOOKS = looksInCatalogue('editor');

/** The editor catalogue by category, in the order of LOOK_CATEGORIES. */
const LOOKS_BY_CATEGORY = LOOK_CATEGORIES.map((category) => ({ category, looks: EDITOR_LOOKS.filter((look) => look.category === category) })).filter(
  (group) => group.looks.length > 0,
);

const CATALOGUE_SUBJECTS: readonly SwatchSubject[] = EDITOR_LOOKS.map((look) => ({ key: look.id, look: look.id }));

/**
 * Hollywood LUTs (docs/product-rules.md, 'Looks'): the user's imported LUTs and the editor
 * catalogue, each with a swatch of the current frame through it; Reset to none; the look's
 * strength; `.cube` import and download.
 */
export function LooksPanel() {
  const { grade } = useGradeState();
  const canUsePremium = useCanUsePremiumLooks();
  const userLuts = useUserLuts();
  const subjects = useMemo(
    () => [...userLuts.luts.map((lut): SwatchSubject => ({ key: customSwatchKey(lut.id), customLook: lut.id })), ...CATALOGUE_SUBJECTS],
    [userLuts.luts],
  );
  const swatches = useLookSwatches(subjects, grade.inputTransform);
  const hasLook = grade.look !== null || grade.customLook !== null;

  return (
    <section className="editor-panel looks-panel" aria-label="Hollywood LUTs">
      <header className="editor-panel-head">
        <h3>Hollywood LUTs</h3>
        <span className="spacer" />
        <button type="button" className="btn btn-sm" onClick={() => resetLook()} disabled={!hasLook}>
          Reset
        </button>
      </header>
      <div className="looks-scroll">
        <MyLuts state={userLuts} selected={grade.customLook} swatches={swatches} onChoose={(lut: UserLut) => chooseImportedLut(lut.id)} />
        {LOOKS_BY_CATEGORY.map(({ category, looks }) => (
          <section key={category} className="look-group" aria-label={category}>
            <h4 className="look-group-title">{category}</h4>
            <div className="look-grid">
              {looks.map((look) => (
                <LookCard key={look.id} look={look} selected={grade.look === look.id} locked={look.tier === 'premium' && !canUsePremium} swatches={swatches} onChoose={() => chooseLook(look.id, canUsePremium)} />
              ))}
            </div>
          </section>
        ))}
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
        <LutDownloadControls />
      </footer>
    </section>
  );
}

function LookCard({ look, selected, locked, swatches, onChoose }: { look: LookDefinition; selected: boolean; locked: boolean; swatches: Swatches; onChoose: () => void }) {
  const premium = look.tier === 'premium';
  return (
    <button
      type="button"
      className={`look-card${selected ? ' look-card-selected' : ''}${locked ? ' look-card-locked' : ''}`}
      aria-pressed={selected}
      aria-label={premium ? `${look.name} (Premium)` : look.name}
      title={look.description}
      data-look={look.id}
      data-tier={look.tier}
      onClick={onChoose}
    >
      <LookSwatch pixels={swatches.pixels.get(look.id)} width={swatches.width} height={swatches.height} gradient={look.previewGradient} />
      <span className="look-card-name">{look.name}</span>
      <span className={`badge look-tier ${premium ? 'badge-premium' : 'badge-success'}`} aria-hidden>
        {locked && <LockIcon />}
        {premium ? 'Premium' : 'Free'}
      </span>
    </button>
  );
}
