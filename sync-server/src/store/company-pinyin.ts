import { pinyin } from 'pinyin-pro';

/**
 * The pinyin of company names for search (美的集团 → meidejituan meidijituan, mdjt), computed on the server
 * and shipped with the company list: the phone gets short strings per company instead of a pinyin
 * dictionary in its JavaScript. The reading in context comes first (重庆 chong, 长江 chang); a brand that
 * reads a character otherwise (美的 is Měidì) is found through the character's other readings.
 */
export interface NamePinyin {
  /** Full spellings, space-separated, the reading in context first. */
  readonly pinyin: string;
  /** Initials, space-separated alternatives. */
  readonly initials: string;
}

/** Spellings kept per name: a name of many polyphonic characters would multiply them. */
const MAX_SPELLINGS = 8;

const cache = new Map<string, NamePinyin>();

/** Letters and digits only, lower case, without tone marks ('lǜ' → 'lv'): 'A' of '万科A' stays, '*' goes. */
const clean = (text: string) =>
  text
    .toLowerCase()
    .replace(/[ǖǘǚǜü]/g, 'v')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');

/** A piece of the name: a character with its readings (in context first), or a run of Latin letters. */
interface Piece {
  readonly options: string[];
  readonly latin: boolean;
}

function readings(name: string): Piece[] {
  const pieces = pinyin(name, { type: 'all', multiple: true, toneType: 'none', nonZh: 'consecutive', v: true });
  return pieces
    .map((piece) => {
      const all = piece.isZh ? [piece.pinyin, ...piece.polyphonic] : [piece.origin];
      return { options: [...new Set(all.map(clean).filter((reading) => reading !== ''))], latin: !piece.isZh };
    })
    .filter((piece) => piece.options.length > 0);
}

/** Every spelling (at most MAX_SPELLINGS); initials take a syllable's first letter and a Latin run whole. */
function spellings(pieces: readonly Piece[], initialsOnly: boolean): string[] {
  let results = [''];
  for (const { options, latin } of pieces) {
    const parts = [...new Set(options.map((reading) => (initialsOnly && !latin ? reading.slice(0, 1) : reading)))];
    results = results.flatMap((prefix) => parts.map((part) => prefix + part)).slice(0, MAX_SPELLINGS);
  }
  return results.filter((spelling) => spelling !== '');
}

export function namePinyin(name: string): NamePinyin {
  const known = cache.get(name);
  if (known) return known;
  const pieces = readings(name);
  const result = { pinyin: spellings(pieces, false).join(' '), initials: spellings(pieces, true).join(' ') };
  cache.set(name, result);
  return result;
}
