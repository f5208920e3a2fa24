import * as z from 'zod/mini';
import { withoutInvisibleCharacters } from './invisible-characters.ts';

/**
 * Text fields of request bodies. Every string a request may carry has a maximum length, so no field can
 * make a handler work on (or store) more than it should.
 */

/** A company named in a body: its name or code. */
export const COMPANY_FIELD_MAX = 100;
/** A user name in a body that is ignored or only echoed (`modified_by`). */
export const USER_FIELD_MAX = 64;
/** A short keyword such as `reset_mode`. */
export const KEYWORD_FIELD_MAX = 32;

/** A string of at most `max` characters, with a Chinese message. */
export function boundedText(max: number, params?: { error: string }) {
  return z.string(params).check(z.maxLength(max, `不能超过${max}个字符`));
}

/**
 * A name or title typed for others to read (menu and category names, descriptions): without invisible
 * characters (direction controls make 'gnp.pdf' show as 'fdp.png'), trimmed, within `max` characters.
 */
export function displayText(limits: { min?: string; max: number; maxMessage: string }, params?: { error: string }) {
  return z
    .string(params)
    .check(
      z.overwrite(withoutInvisibleCharacters),
      z.trim(),
      ...(limits.min === undefined ? [] : [z.minLength(1, limits.min)]),
      z.maxLength(limits.max, limits.maxMessage),
    );
}

/** A number a person typed, with the message the forms show. */
export const numberField = z.number({ error: '无效的数值' });
