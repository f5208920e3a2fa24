-- A scenario names the valuation model its inputs belong to (docs/sync.md, the `scenarios` table): the
-- story model's six drivers, or excess returns' ROE, Ke and g (banks, insurers, brokers, summary-only
-- companies). Every row stored before holds the story model's inputs, which the default says.

ALTER TABLE scenarios ADD COLUMN model TEXT NOT NULL DEFAULT 'story';
