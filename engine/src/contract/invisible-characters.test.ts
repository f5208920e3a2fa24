import { describe, expect, it } from 'vitest';
import { invisibleCharacterIn, withoutInvisibleCharacters } from './invisible-characters.ts';

const DIRECTION_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const DIRECTION_MARKS = ['\u200E', '\u200F', '\u061C'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u034F', '\u{E0041}'];
const FILLERS = ['\u115F', '\u1160', '\u3164', '\uFFA0'];
const INVISIBLE = [...DIRECTION_CONTROLS, ...DIRECTION_MARKS, ...ZERO_WIDTH, ...FILLERS];

describe('withoutInvisibleCharacters', () => {
  it('removes every direction control, zero-width character, soft hyphen and filler', () => {
    for (const character of INVISIBLE) {
      expect(withoutInvisibleCharacters(`年报${character}gnp.pdf`), JSON.stringify(character)).toBe('年报gnp.pdf');
    }
    expect(withoutInvisibleCharacters('美的\u00AD集团\u200B\u200B')).toBe('美的集团');
  });

  it('keeps everything else, Arabic and Hebrew letters and ideographic variation selectors included', () => {
    const text = '家电行业 2024 (1) — مرحبا שלום 葛\u{E0100}.pdf';
    expect(withoutInvisibleCharacters(text)).toBe(text);
  });
});

describe('invisibleCharacterIn', () => {
  it('names the first invisible character by its code point', () => {
    expect(invisibleCharacterIn('美的集团\u200B')).toBe('U+200B');
    expect(invisibleCharacterIn('\u202Eabc\u200B')).toBe('U+202E');
    expect(invisibleCharacterIn('soft\u00ADhyphen')).toBe('U+00AD');
    expect(invisibleCharacterIn('tag\u{E0041}')).toBe('U+E0041');
  });

  it('finds none in ordinary names', () => {
    for (const name of ['美的集团', 'TCL科技', '*ST 金泰', '万科A']) expect(invisibleCharacterIn(name)).toBeUndefined();
  });
});
