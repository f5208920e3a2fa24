import { describe, expect, it } from 'vitest';
import { withoutBidiControls } from './bidi-controls.ts';

describe('withoutBidiControls', () => {
  it('removes every direction control', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    const marks = ['\u200E', '\u200F', '\u061C'];
    for (const control of [...controls, ...marks]) {
      expect(withoutBidiControls(`年报${control}gnp.pdf`), JSON.stringify(control)).toBe('年报gnp.pdf');
    }
  });

  it('keeps everything else, Arabic and Hebrew letters included', () => {
    const text = '家电行业 2024 (1) — مرحبا שלום.pdf';
    expect(withoutBidiControls(text)).toBe(text);
  });
});
