-- Background jobs say which server runs them and when it last reported, so any instance can tell a job
-- whose server is gone (crashed, killed) from one still running, and mark it failed.
ALTER TABLE jobs ADD COLUMN owner TEXT;
ALTER TABLE jobs ADD COLUMN heartbeat_ms INTEGER;
