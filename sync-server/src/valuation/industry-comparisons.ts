import { type PeerFigures, peerFiguresOf } from '@fcf/engine';
import { type IndustryComparisonView, industryComparisonView } from '@fcf/engine/report';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { loadCompanyStatements } from '../store/statements.ts';

/**
 * 行业对比 from everything stored: each company of the industry at its latest annual report. The peers of an
 * industry are read once per change sequence (a write anywhere retires them), as reading them means every
 * company's statements of the industry (about a second for 制造业 with the whole market loaded).
 */
export class IndustryComparisons {
  private readonly cache = new Map<string, { seq: number; peers: readonly PeerFigures[] }>();

  constructor(private readonly db: Database) {}

  private peers(industry: string): readonly PeerFigures[] {
    const seq = currentChangeSeq(this.db);
    const cached = this.cache.get(industry);
    if (cached && cached.seq === seq) return cached.peers;
    const companies = queryAll<CompanyRecord>(
      this.db,
      'SELECT code, name, industry FROM companies WHERE industry = ? AND deleted = 0 ORDER BY code',
      industry,
    );
    const peers = companies
      .map((company) => peerFiguresOf(loadCompanyStatements(this.db, company), company.industry))
      .filter((peer): peer is PeerFigures => peer !== null);
    if (!this.db.inTransaction) this.cache.set(industry, { seq, peers });
    return peers;
  }

  of(company: CompanyRecord): IndustryComparisonView {
    return industryComparisonView(company, this.peers(company.industry));
  }
}
