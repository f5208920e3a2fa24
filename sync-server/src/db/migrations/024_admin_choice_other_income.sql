-- The admin's second per-company mark (engine AdminChoices, docs/model.md §2 and §7): 其他收益 (government
-- grants, VAT refunds) counted in EBIT, or left out as non-operating. Rows stored before, like a company with
-- no row, read as operating: the engine's default.

ALTER TABLE company_admin_choices
  ADD COLUMN other_income_operating INTEGER NOT NULL DEFAULT 1 CHECK (other_income_operating IN (0, 1));
