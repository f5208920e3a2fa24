/** A sheet of the spreadsheet reference built row by row, each row named as the engine's quantity. */

export type Cell = string | number | null;

/** Column letter of a 0-based column index (A..Z is all the reference needs). */
function column(index: number): string {
  if (index < 0 || index > 25) throw new Error(`column ${index} out of range`);
  return String.fromCharCode(65 + index);
}

/**
 * Column A holds the row's name, columns B.. its values (the years, or one value in B). `at(name, i)` is
 * the A1 address of row `name` in value column i (0-based); `ref` the same from another sheet.
 */
export class SheetBuilder {
  readonly rows: Cell[][] = [];
  private readonly index = new Map<string, number>();

  constructor(readonly name: string) {}

  /** Adds row `name`; `cells` may be a function, to refer to its own row (a carried-forward value). */
  add(name: string, cells: readonly Cell[] | (() => readonly Cell[])): void {
    if (this.index.has(name)) throw new Error(`row ${name} twice`);
    this.index.set(name, this.rows.length);
    const row: Cell[] = [name];
    this.rows.push(row);
    row.push(...(typeof cells === 'function' ? cells() : cells));
  }

  row(name: string): number {
    const found = this.index.get(name);
    if (found === undefined) throw new Error(`no row ${name} in ${this.name}`);
    return found;
  }

  /** A1 address of row `name`, value column i, local to this sheet. */
  at(name: string, i: number): string {
    return `$${column(i + 1)}$${this.row(name) + 1}`;
  }

  /** Address of value column i of the row about to be added (a row referring to its own first cell). */
  nextAt(i: number): string {
    return `$${column(i + 1)}$${this.rows.length + 1}`;
  }

  /** The range of row `name` over value columns from..to. */
  range(name: string, from: number, to: number): string {
    return `${this.at(name, from)}:${this.at(name, to)}`;
  }

  /** The address from another sheet. */
  ref(name: string, i: number): string {
    return `${this.name}!${this.at(name, i)}`;
  }

  /** A range from another sheet. */
  refRange(name: string, from: number, to: number): string {
    return `${this.name}!${this.range(name, from, to)}`;
  }
}

/** Formula text joining terms with an operator, "0" when there are none. */
export function joined(terms: readonly string[], operator: '+' | '*'): string {
  return terms.length > 0 ? terms.join(operator) : '0';
}
