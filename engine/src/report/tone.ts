/**
 * The one colour rule of the app, the A-share convention: red for a rise (a positive change), green for a
 * fall (a negative change), for figures that express a change or a surplus — growth rates, the change in
 * working capital, differences such as ROE − ROIC. Levels (revenue, FCF, a value per share) stay neutral
 * whatever their sign. Screen tables and the sidebar read the CSS pair `--tone-rise` / `--tone-fall`
 * (pwa/src/styles/global.css, checked against these values by a test); charts, the PDF and the PNG image
 * draw with TONE_RGB.
 */

export type Tone = 'rise' | 'fall' | 'neutral';

/** What a figure expresses: a change (coloured by its sign) or a level (never coloured). */
export type ToneKind = 'change' | 'level';

/** The tone of a figure: rise or fall for a non-zero change, neutral for levels, zero and missing values. */
export function toneOf(value: number | null | undefined, kind: ToneKind): Tone {
  if (kind === 'level' || value === null || value === undefined || !Number.isFinite(value) || value === 0) {
    return 'neutral';
  }
  return value > 0 ? 'rise' : 'fall';
}

/** An RGB colour, 0–255 each. */
export type Rgb = readonly [number, number, number];

/** Red #c62828 (5.6:1 on white) and green #2e7d32 (5.1:1): both readable as text. */
export const TONE_RGB: Readonly<Record<Exclude<Tone, 'neutral'>, Rgb>> = {
  rise: [198, 40, 40],
  fall: [46, 125, 50],
};

/** '#c62828' for [198, 40, 40]. */
export function rgbHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour of a toned figure, or `neutral` (the caller's own colour) when the tone is neutral. */
export function toneColor<T>(tone: Tone, neutral: T, pick: (rgb: Rgb) => T): T {
  return tone === 'neutral' ? neutral : pick(TONE_RGB[tone]);
}
