import { describe, expect, it } from 'vitest';
import { INDUSTRY_SECTIONS, parseIndustry, sectionOfDivision } from './industries.ts';

describe('industry sections by division', () => {
  it('covers divisions 1–90 without gaps or overlaps', () => {
    let expected = 1;
    for (const { divisions } of INDUSTRY_SECTIONS) {
      expect(divisions[0]).toBe(expected);
      expected = divisions[1] + 1;
    }
    expect(expected).toBe(91);
  });

  it.each([
    [44, 'D'],
    [46, 'D'],
    [47, 'E'],
    [50, 'E'],
    [51, 'F'],
    [52, 'F'],
    [66, 'J'],
    [70, 'K'],
    [80, 'O'],
    [82, 'P'],
    [90, 'S'],
  ])('division %i is in section %s', (division, section) => {
    expect(sectionOfDivision(division)?.code).toBe(section);
  });

  it('knows no division 0 or 91', () => {
    expect(sectionOfDivision(0)).toBeUndefined();
    expect(sectionOfDivision(91)).toBeUndefined();
  });
});

describe('parseIndustry', () => {
  it('reads a code with its division, the division deciding the section', () => {
    expect(parseIndustry('K70')).toMatchObject({ section: { code: 'K' }, division: 70 });
    expect(parseIndustry('J66')).toMatchObject({ section: { code: 'J' }, division: 66 });
    // The list's own letter is not trusted: division 48 is construction whatever the letter says.
    expect(parseIndustry('D48')).toMatchObject({ section: { code: 'E' }, division: 48 });
    expect(parseIndustry('70')).toMatchObject({ section: { code: 'K' }, division: 70 });
  });

  it('reads a section letter or name', () => {
    expect(parseIndustry('j')).toMatchObject({ section: { code: 'J' }, division: null });
    expect(parseIndustry('金融业')).toMatchObject({ section: { code: 'J' }, division: null });
    // A one-division section gives its division.
    expect(parseIndustry('房地产业')).toMatchObject({ section: { code: 'K' }, division: 70 });
    expect(parseIndustry('卫生和社会工作业')).toMatchObject({ section: { code: 'Q' } });
  });

  it('names nothing for unknown text', () => {
    expect(parseIndustry('其他')).toBeUndefined();
    expect(parseIndustry('')).toBeUndefined();
    expect(parseIndustry(null)).toBeUndefined();
    expect(parseIndustry('Z1')).toBeUndefined();
  });
});
