import { describe, expect, it } from 'vitest';
import { CDL_MAX_CHARS, CdlParseError, parseCdl, writeCdl } from './cdl';
import type { CdlCorrection } from './cdl';
import { parseGrade } from './grade';
import { cdlToWheels, DEFAULT_WHEELS, wheelsToCdl } from './wheels';
import type { Wheels } from './wheels';

/** A decision list as DaVinci Resolve's "Export CDL" writes one, typed by hand from its layout. */
const RESOLVE_CDL = `<?xml version="1.0" encoding="UTF-8"?>
<ColorDecisionList xmlns="urn:ASC:CDL:v1.01">
    <ColorDecision>
        <ColorCorrection id="A001C003_220314_R1AB">
            <SOPNode>
                <Slope>1.021300 0.989700 0.954200</Slope>
                <Offset>-0.012000 0.003100 0.021500</Offset>
                <Power>1.000000 1.050000 1.100000</Power>
            </SOPNode>
            <SatNode>
                <Saturation>0.900000</Saturation>
            </SatNode>
        </ColorCorrection>
    </ColorDecision>
</ColorDecisionList>
`;

/** A collection in the style of on-set tools and OpenColorIO: descriptions, comments, the older SATNode. */
const ONSET_CCC = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported on set -->
<ColorCorrectionCollection xmlns="urn:ASC:CDL:v1.01">
  <Description>Day 3 &amp; 4</Description>
  <ColorCorrection id="shot_010">
    <Description>warm</Description>
    <SOPNode>
      <Description>primary</Description>
      <Slope>1.1 1.0 0.9</Slope>
      <Offset>0.01 0 -0.01</Offset>
      <Power>1 1 1</Power>
    </SOPNode>
    <SATNode><Saturation>1.2</Saturation></SATNode>
  </ColorCorrection>
  <ColorCorrection id="shot_020">
    <SatNode><Saturation>0</Saturation></SatNode>
  </ColorCorrection>
</ColorCorrectionCollection>`;

const errorOf = (text: string): CdlParseError => {
  try {
    parseCdl(text);
  } catch (error) {
    if (error instanceof CdlParseError) return error;
    throw error;
  }
  throw new Error('expected a CdlParseError');
};

describe('parseCdl', () => {
  it('reads a decision list as Resolve writes it', () => {
    const parsed = parseCdl(RESOLVE_CDL);
    expect(parsed.format).toBe('cdl');
    expect(parsed.corrections).toEqual([
      { id: 'A001C003_220314_R1AB', descriptions: [], cdl: { slope: [1.0213, 0.9897, 0.9542], offset: [-0.012, 0.0031, 0.0215], power: [1, 1.05, 1.1], saturation: 0.9 } },
    ]);
    // …and the wheels hold it exactly, as a grade the validator accepts.
    const imported = cdlToWheels(parsed.corrections[0]!.cdl);
    expect(parseGrade({ wheels: imported })).toMatchObject({ ok: true, grade: { wheels: imported } });
    const back = wheelsToCdl(imported);
    back.slope.forEach((v, i) => expect(v).toBeCloseTo([1.0213, 0.9897, 0.9542][i]!, 9));
    back.power.forEach((v, i) => expect(v).toBeCloseTo([1, 1.05, 1.1][i]!, 9));
    back.offset.forEach((v, i) => expect(v).toBeCloseTo([-0.012, 0.0031, 0.0215][i]!, 9));
  });

  it('reads a collection with descriptions, comments, entities and a SATNode; a missing SOPNode is the identity', () => {
    const parsed = parseCdl(ONSET_CCC);
    expect(parsed.format).toBe('ccc');
    expect(parsed.corrections.map((c) => c.id)).toEqual(['shot_010', 'shot_020']);
    expect(parsed.corrections[0]).toEqual({ id: 'shot_010', descriptions: ['warm', 'primary'], cdl: { slope: [1.1, 1, 0.9], offset: [0.01, 0, -0.01], power: [1, 1, 1], saturation: 1.2 } });
    expect(parsed.corrections[1]!.cdl).toEqual({ slope: [1, 1, 1], offset: [0, 0, 0], power: [1, 1, 1], saturation: 0 });
  });

  it('reads a single .cc and resolves a ColorCorrectionRef within the same .cdl', () => {
    expect(parseCdl('<ColorCorrection id="x"><SOPNode><Slope>2 2 2</Slope><Offset>0 0 0</Offset><Power>1 1 1</Power></SOPNode></ColorCorrection>').format).toBe('cc');
    const list = `<ColorDecisionList>
      <ColorDecision><ColorCorrection id="a"><SatNode><Saturation>0.5</Saturation></SatNode></ColorCorrection></ColorDecision>
      <ColorDecision><ColorCorrectionRef ref="a"/></ColorDecision>
    </ColorDecisionList>`;
    expect(parseCdl(list).corrections.map((c) => c.cdl.saturation)).toEqual([0.5, 0.5]);
  });

  it('gives clear errors, with the line, for malformed files', () => {
    const cases: [string, string][] = [
      ['', 'line 1: the file holds no XML element; a CDL file starts with <ColorDecisionList>, <ColorCorrectionCollection> or <ColorCorrection>'],
      ['<ColorCorrection>\n<SOPNode>\n<Slope>1 1</Slope>\n<Offset>0 0 0</Offset><Power>1 1 1</Power></SOPNode></ColorCorrection>', 'line 3: <Slope> must hold three numbers (red green blue); found "1 1"'],
      ['<ColorCorrection><SOPNode><Slope>1 a 1</Slope><Offset>0 0 0</Offset><Power>1 1 1</Power></SOPNode></ColorCorrection>', 'line 1: "a" in <Slope> is not a number'],
      ['<ColorCorrection><SOPNode><Slope>1 1 1</Slope><Power>1 1 1</Power></SOPNode></ColorCorrection>', 'line 1: <SOPNode> has no <Offset>; it needs <Slope>, <Offset> and <Power>'],
      ['<ColorCorrection><SOPNode><Slope>1 -1 1</Slope><Offset>0 0 0</Offset><Power>1 1 1</Power></SOPNode></ColorCorrection>', 'line 1: the slope cannot be negative (found -1 in <Slope>)'],
      ['<ColorCorrection>\n<SOPNode>\n</SatNode>\n</ColorCorrection>', 'line 3: </SatNode> found where </SOPNode> (opened on line 2) was expected'],
      ['<ColorCorrection>\n<SOPNode>', 'line 2: <SOPNode> (line 2) is never closed'],
      ['<ColorCorrection id="x"></ColorCorrection>', 'line 1: <ColorCorrection id="x"> has neither a <SOPNode> nor a <SatNode>'],
      ['<LUT><Slope>1 1 1</Slope></LUT>', 'line 1: the file is not an ASC CDL: its root element is <LUT>, not <ColorDecisionList>, <ColorCorrectionCollection> or <ColorCorrection>'],
      ['<!DOCTYPE x [<!ENTITY a "b">]><ColorCorrection/>', 'line 1: DOCTYPE and other declarations are not allowed in a CDL file'],
      ['<ColorCorrectionCollection></ColorCorrectionCollection>', 'line 1: <ColorCorrectionCollection> holds no <ColorCorrection>'],
      ['<ColorDecisionList><ColorDecision><ColorCorrectionRef ref="elsewhere"/></ColorDecision></ColorDecisionList>', 'line 1: <ColorCorrectionRef ref="elsewhere"> refers to a correction that is not in this file; import the .ccc file that holds it'],
      ['<ColorCorrection><SatNode><Saturation>1 &nbsp;</Saturation></SatNode></ColorCorrection>', 'line 1: unknown entity &nbsp;'],
      ['<ColorCorrection><SatNode><Saturation>1</Saturation></SatNode></ColorCorrection><ColorCorrection/>', 'line 1: <ColorCorrection> after the end of the document (a file has one root element)'],
    ];
    for (const [text, message] of cases) expect(errorOf(text).message, text).toBe(message);
  });

  it('refuses a file over the size limit before reading it', () => {
    const huge = `<ColorCorrection><Description>${'x'.repeat(CDL_MAX_CHARS)}</Description></ColorCorrection>`;
    expect(errorOf(huge).message).toBe('the file is larger than 1 MiB of text; a CDL file is a few kilobytes');
  });
});

describe('writeCdl', () => {
  const wheels: Wheels = { ...DEFAULT_WHEELS, lift: { hue: 200, amount: 0.3, master: 0.2 }, gamma: { hue: 40, amount: 0.2, master: -0.3 }, gain: { hue: 330, amount: 0.25, master: 0.1 }, saturation: 1.3 };
  const corrections: CdlCorrection[] = [
    { id: 'grade <1> & "one"', descriptions: ['from Cinegrade'], cdl: wheelsToCdl(wheels) },
    { id: null, descriptions: [], cdl: { slope: [1, 1, 1], offset: [-0, 0, 0], power: [1, 1, 1], saturation: 1 } },
  ];

  it('round-trips every format through parseCdl within 5e-7', () => {
    for (const format of ['cdl', 'ccc'] as const) {
      const parsed = parseCdl(writeCdl(corrections, format));
      expect(parsed.format).toBe(format);
      expect(parsed.corrections.map((c) => [c.id, c.descriptions])).toEqual(corrections.map((c) => [c.id, c.descriptions]));
      parsed.corrections.forEach((c, i) => {
        const want = corrections[i]!.cdl;
        for (const key of ['slope', 'offset', 'power'] as const) c.cdl[key].forEach((v, ch) => expect(Math.abs(v - want[key][ch]!)).toBeLessThanOrEqual(5e-7));
        expect(c.cdl.saturation).toBeCloseTo(want.saturation, 6);
      });
    }
    const single = parseCdl(writeCdl([corrections[0]!], 'cc'));
    expect(single.format).toBe('cc');
    expect(single.corrections[0]!.id).toBe('grade <1> & "one"');
  });

  it('writes six decimals and no negative zero', () => {
    const text = writeCdl([corrections[1]!], 'cc');
    expect(text).toContain('<Offset>0.000000 0.000000 0.000000</Offset>');
    expect(text).toContain('<ColorCorrection xmlns="urn:ASC:CDL:v1.01">');
  });

  it('refuses a .cc with more than one correction', () => {
    expect(() => writeCdl(corrections, 'cc')).toThrow('a .cc file holds exactly one correction (got 2)');
  });
});
