-- Sync schema 2: every rejected mutation carries a stable reason code beside its Chinese message (reason).
-- Rejections recorded before this migration keep code NULL; the server reads those by their message.

ALTER TABLE sync_mutations ADD COLUMN code TEXT;
