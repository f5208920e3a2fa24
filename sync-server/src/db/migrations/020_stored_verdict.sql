-- The verdict stored beside each valuation (docs/model.md 16, the stored verdict): the uncertainty rating of the
-- server's seeded simulation, the margin of safety it requires, the scenarios' weighted value per share and the
-- verdict of the latest price against it (低估 / 合理 / 高估). NULL where there is none: a value that is not
-- meaningful, a company the story model does not fit, no price.
ALTER TABLE valuation_results ADD COLUMN uncertainty_rating TEXT;
ALTER TABLE valuation_results ADD COLUMN required_margin REAL;
ALTER TABLE valuation_results ADD COLUMN range_value REAL;
ALTER TABLE valuation_results ADD COLUMN verdict TEXT;
