/**
 * Unicode's explicit direction controls: embeddings and overrides (U+202A–202E), isolates (U+2066–2069) and
 * the marks (U+200E, U+200F, U+061C). In a file name or title they let 'gnp.pdf' with an override display as
 * 'fdp.png'; no name an admin types or uploads needs them. As the inside of a regular-expression class.
 */
export const BIDI_CONTROL_RANGES = '\\u202A-\\u202E\\u2066-\\u2069\\u200E\\u200F\\u061C';

const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_RANGES}]`, 'g');

/**
 * The text without direction controls, for every name and title that is stored and shown to others.
 *
 * @example
 * withoutBidiControls('report\u202Egnp.pdf'); // 'reportgnp.pdf'
 */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
