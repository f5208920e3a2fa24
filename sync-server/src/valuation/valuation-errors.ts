import type { ValuationError } from '@fcf/engine';

/**
 * The engine cannot value a company as stored: it has no history (`no_history`), or the engine refuses
 * its inputs (`invalid_input`). The message is the engine's; the detail names the company. Routes map it
 * to a status (routes/domain-errors.ts); sync and jobs read the message.
 */
export class CompanyNotValued extends Error {
  override readonly name = 'CompanyNotValued';

  constructor(
    readonly code: 'no_history' | 'invalid_input',
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }

  static of(error: ValuationError, companyName: string): CompanyNotValued {
    const code = error.code === 'NO_HISTORY' ? 'no_history' : 'invalid_input';
    return new CompanyNotValued(code, error.message, `${companyName}：${error.message}`);
  }
}

/** The engine admits no valuation of the company; its stored results are already withdrawn. */
export class ValuationRefused extends Error {
  override readonly name = 'ValuationRefused';
}
