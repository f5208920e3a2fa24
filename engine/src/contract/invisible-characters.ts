/**
 * Characters that change how text reads without being seen. Unicode's format characters (category Cf):
 * the direction controls (U+202A–202E, U+2066–2069 and the marks U+200E, U+200F, U+061C), with which
 * 'gnp.pdf' behind an override displays as 'fdp.png'; the zero-width space, joiners and word joiner
 * (U+200B–200D, U+2060); the soft hyphen (U+00AD); the byte-order mark (U+FEFF); tags. And the characters
 * that draw as nothing: the combining grapheme joiner (U+034F) and the Hangul fillers (U+115F, U+1160,
 * U+3164, U+FFA0). With one of them '美的集团\u200b' looks like 美的集团 and is another name; no name or
 * title an admin types or uploads needs them. As the inside of a regular-expression class (flag `u`).
 */
export const INVISIBLE_CHARACTER_CLASS = '\\p{Cf}\\u034F\\u115F\\u1160\\u3164\\uFFA0';

const INVISIBLE = new RegExp(`[${INVISIBLE_CHARACTER_CLASS}]`, 'gu');
const FIRST_INVISIBLE = new RegExp(`[${INVISIBLE_CHARACTER_CLASS}]`, 'u');

/**
 * The text without invisible characters, for names and titles that are stored and shown to others.
 *
 * @example
 * withoutInvisibleCharacters('report\u202Egnp.pdf'); // 'reportgnp.pdf'
 * withoutInvisibleCharacters('美的\u00AD集团\u200B');   // '美的集团'
 */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * The first invisible character of `text` as its code point ('U+200B'), or undefined when there is none:
 * for a message that says what to remove where the text is refused rather than cleaned.
 *
 * @example
 * invisibleCharacterIn('美的集团\u200B'); // 'U+200B'
 * invisibleCharacterIn('美的集团');       // undefined
 */
export function invisibleCharacterIn(text: string): string | undefined {
  const found = FIRST_INVISIBLE.exec(text)?.[0];
  const code = found?.codePointAt(0);
  return code === undefined ? undefined : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
