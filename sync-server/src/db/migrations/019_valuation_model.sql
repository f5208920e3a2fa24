-- The model a stored valuation comes from (docs/model.md 15.1): 'fcff' or 'excess_return'. Rows stored
-- before the model registry are the FCFF's.
ALTER TABLE valuation_results ADD COLUMN model TEXT NOT NULL DEFAULT 'fcff';
