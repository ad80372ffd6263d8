-- Every instance keeps the sessions it looked up for a few seconds (infra/http/session-cache.ts) and
-- forgets one when this trigger tells it, on LISTEN earn_sessions, that the session was revoked,
-- deleted, moved or re-verified (its funding password entered): the payload is its token hash.
-- NOTIFY is sent at commit, so an instance never forgets before the change is visible, and a
-- rolled-back change sends nothing. The minute's last-use stamp changes none of these columns and
-- sends nothing; nor does deleting a session already revoked.
CREATE FUNCTION earn_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('earn_sessions', OLD.token_hash);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.fundpass_verified_at IS DISTINCT FROM NEW.fundpass_verified_at)
  EXECUTE FUNCTION earn_session_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_delete AFTER DELETE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION earn_session_notify();
