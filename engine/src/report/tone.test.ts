import { describe, expect, it } from 'vitest';
import { rgbHex, TONE_RGB, toneOf } from './tone.ts';

/** WCAG 2 contrast of a colour against white. */
function contrastOnWhite(rgb: readonly number[]): number {
  const linear = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (linear[0] ?? 0) + 0.7152 * (linear[1] ?? 0) + 0.0722 * (linear[2] ?? 0);
  return 1.05 / (luminance + 0.05);
}

describe('the colour rule', () => {
  it('colours changes by sign, A-share style, and never levels', () => {
    expect(toneOf(0.12, 'change')).toBe('rise');
    expect(toneOf(-3, 'change')).toBe('fall');
    expect(toneOf(0, 'change')).toBe('neutral');
    expect(toneOf(null, 'change')).toBe('neutral');
    expect(toneOf(Number.NaN, 'change')).toBe('neutral');
    expect(toneOf(-3, 'level')).toBe('neutral');
  });

  it('draws rise red and fall green, both readable as text on white (≥ 4.5:1)', () => {
    expect(rgbHex(TONE_RGB.rise)).toBe('#c62828');
    expect(rgbHex(TONE_RGB.fall)).toBe('#2e7d32');
    expect(contrastOnWhite(TONE_RGB.rise)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(TONE_RGB.fall)).toBeGreaterThanOrEqual(4.5);
  });
});
