-- What an admin marks for a company where the statements cannot tell (engine AdminChoices, docs/model.md §7):
-- 其他流动资产 counted as cash-like in the equity bridge. No row = the defaults (not cash-like). Carried to the
-- device in the company's bundle (`admin_choices`); a write takes the next change sequence, so bundles refetch.
CREATE TABLE company_admin_choices (
  company_code TEXT PRIMARY KEY,
  other_current_assets_cash_like INTEGER NOT NULL DEFAULT 0 CHECK (other_current_assets_cash_like IN (0, 1)),
  updated_by TEXT,
  updated_at TEXT NOT NULL
);
