import { describe, expect, it } from 'vitest';
import { REC709_PRIMARIES, rgbToRec709Matrix, rgbToXyzMatrix } from './colorimetry';
import { DEFAULT_GRADE } from './grade';
import { applyGradeToColors } from './grade-program';
import {
  ARRI_WIDE_GAMUT_3,
  INPUT_TRANSFORMS,
  INPUT_TRANSFORM_IDS,
  S_GAMUT3_CINE,
  cameraTransform,
  decodeCLog3,
  decodeLogC3,
  decodeSLog3,
  decodeVLog,
  highlightShoulder,
  isInputTransformId,
  renderSceneLinear,
  signalToCodeValue,
} from './input-transforms';
import { bt709Oetf } from './transfer';

const cv = (code: number) => code / 1023;

describe('signalToCodeValue', () => {
  it('maps the decoded 0..1 signal onto legal-range code values 64..940', () => {
    expect(signalToCodeValue(0) * 1023).toBeCloseTo(64, 10);
    expect(signalToCodeValue(1) * 1023).toBeCloseTo(940, 10);
  });
});

describe('decodeSLog3', () => {
  it("reproduces Sony's code values: 95 → 0 %, 420 → 18 %, 598 → 90 %", () => {
    expect(decodeSLog3(cv(95))).toBeCloseTo(0, 9);
    expect(decodeSLog3(cv(420))).toBeCloseTo(0.18, 9);
    expect(decodeSLog3(cv(598))).toBeCloseTo(0.9, 2);
  });

  it('is continuous at its cut (code 171.21)', () => {
    const cut = 171.2102946929 / 1023;
    expect(decodeSLog3(cut - 1e-12)).toBeCloseTo(decodeSLog3(cut), 8);
  });
});

describe('decodeLogC3', () => {
  it('decodes the EI 800 grey signal 0.391 to 18 % and is continuous at its cut', () => {
    expect(decodeLogC3(0.24719 * Math.log10(5.555556 * 0.18 + 0.052272) + 0.385537)).toBeCloseTo(0.18, 9);
    expect(decodeLogC3(cv(400))).toBeCloseTo(0.18, 3);
    const cut = 5.367655 * 0.010591 + 0.092809;
    expect(decodeLogC3(cut + 1e-12)).toBeCloseTo(decodeLogC3(cut), 6);
  });
});

describe('decodeVLog', () => {
  it("reproduces Panasonic's code values: 128 → 0 %, 433 → 18 %, 602 → 90 %", () => {
    expect(decodeVLog(cv(128))).toBeCloseTo(0, 4);
    expect(decodeVLog(cv(433))).toBeCloseTo(0.18, 3);
    expect(decodeVLog(cv(602))).toBeCloseTo(0.9, 1.7);
  });
});

describe('decodeCLog3', () => {
  it('decodes its 18 % grey code value (0.343389) and its 0 % code value (0.125122)', () => {
    expect(decodeCLog3(0.3433893703)).toBeCloseTo(0.18, 6);
    expect(decodeCLog3(0.12512219)).toBeCloseTo(0, 9);
  });

  it('is continuous at both cuts', () => {
    for (const cut of [0.097465473, 0.15277891]) expect(decodeCLog3(cut + 1e-12)).toBeCloseTo(decodeCLog3(cut - 1e-12), 6);
  });
});

describe('rgbToRec709Matrix', () => {
  it("reproduces Sony's published S-Gamut3.Cine → XYZ matrix", () => {
    const sony = [0.5990839208, 0.2489255161, 0.1024464902, 0.2150758201, 0.8850685017, -0.1001443219, -0.0320658495, -0.0276583907, 1.148781991];
    rgbToXyzMatrix(S_GAMUT3_CINE).forEach((v, i) => expect(v).toBeCloseTo(sony[i]!, 6));
  });

  it("reproduces ARRI's published ARRI Wide Gamut 3 → Rec.709 matrix", () => {
    const arri = [1.617523, -0.537287, -0.080237, -0.070573, 1.334613, -0.26404, -0.021102, -0.226954, 1.248056];
    rgbToRec709Matrix(ARRI_WIDE_GAMUT_3).forEach((v, i) => expect(v).toBeCloseTo(arri[i]!, 4));
  });

  it('keeps neutrals neutral (rows sum to 1) for every camera gamut', () => {
    for (const id of INPUT_TRANSFORM_IDS) {
      const camera = cameraTransform(id);
      if (!camera) continue;
      for (let row = 0; row < 3; row++) {
        expect(camera.toRec709[row * 3]! + camera.toRec709[row * 3 + 1]! + camera.toRec709[row * 3 + 2]!).toBeCloseTo(1, 10);
      }
    }
    rgbToRec709Matrix(REC709_PRIMARIES).forEach((v, i) => expect(v).toBeCloseTo([1, 0, 0, 0, 1, 0, 0, 0, 1][i]!, 12));
  });
});

describe('highlightShoulder', () => {
  it('is the identity up to 0.6, then rolls off towards 1 with a continuous slope', () => {
    expect(highlightShoulder(0.3)).toBe(0.3);
    expect(highlightShoulder(0.6)).toBe(0.6);
    const h = 1e-7;
    expect((highlightShoulder(0.6 + h) - 0.6) / h).toBeCloseTo(1, 5);
    expect(highlightShoulder(2)).toBeLessThan(1);
    expect(highlightShoulder(4)).toBeGreaterThan(highlightShoulder(2));
    expect(highlightShoulder(1000)).toBeLessThanOrEqual(1);
  });

  it('maps negative light and NaN to 0', () => {
    expect(highlightShoulder(-0.1)).toBe(0);
    expect(highlightShoulder(Number.NaN)).toBe(0);
  });
});

describe('renderSceneLinear', () => {
  it('is the Rec.709 OETF below the shoulder', () => {
    expect(renderSceneLinear(0.18)).toBeCloseTo(bt709Oetf(0.18), 12);
  });
});

describe('INPUT_TRANSFORMS', () => {
  it('lists every id once with a label, Rec.709 first', () => {
    expect(INPUT_TRANSFORMS.map((t) => t.id)).toEqual([...INPUT_TRANSFORM_IDS]);
    expect(INPUT_TRANSFORMS[0]!.id).toBe('rec709');
    for (const t of INPUT_TRANSFORMS) expect(t.label.length).toBeGreaterThan(3);
    expect(isInputTransformId('slog3')).toBe(true);
    expect(isInputTransformId('slog2')).toBe(false);
  });

  it('turns each camera’s 18 % grey into Rec.709 18 % grey (0.409) through a grade', () => {
    const grey: Record<string, number> = {
      slog3: (420 - 64) / 876,
      logc3: (400.0 - 64) / 876,
      vlog: (433 - 64) / 876,
      clog3: (0.3433893703 * 1023 - 64) / 876,
    };
    for (const [id, signal] of Object.entries(grey)) {
      if (!isInputTransformId(id)) throw new Error(id);
      const out = applyGradeToColors({ ...DEFAULT_GRADE, inputTransform: id }, [signal, signal, signal]);
      for (const v of out) expect(v).toBeCloseTo(bt709Oetf(0.18), 2.5);
    }
  });
});
