-- Cached sessions, permissions and user info (docs/api.md, Sessions) are dropped on every API process the
-- moment a change to what they were built from commits: these triggers notify inside the writing
-- transaction, and PostgreSQL delivers a notification only when, and if, that transaction commits. Every
-- writer is covered (services, the operator CLI, cascades). Channel: one per schema. Payload: a letter
-- (s session, u user, r role, c company) and an id, or `n` for the navigation catalogue.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := left('sunfleet_auth:' || TG_TABLE_SCHEMA, 63);
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify(channel, TG_ARGV[0]);
    RETURN NULL;
  END IF;
  -- Both the old and the new row: an update may move a row from one id to another (identical
  -- notifications within one transaction are delivered once).
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify(channel, TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify(channel, TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A revocation or a rotation; the sliding touch (last_seen_at, expires_at) is not a change worth sending.
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION notify_auth_change('s', 'id');
--> statement-breakpoint
-- Deleting a session still in use. Purging expired or ended ones says nothing, and deleting a user or a
-- role (which takes their sessions along) is announced by their own triggers, whatever the clocks say.
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION notify_auth_change('s', 'id');
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION notify_auth_change('u', 'id');
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION notify_auth_change('u', 'id');
--> statement-breakpoint
CREATE TRIGGER user_roles_notify AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW
  EXECUTE FUNCTION notify_auth_change('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER roles_notify_update AFTER UPDATE ON "roles" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION notify_auth_change('r', 'id');
--> statement-breakpoint
CREATE TRIGGER roles_notify_delete AFTER DELETE ON "roles" FOR EACH ROW
  EXECUTE FUNCTION notify_auth_change('r', 'id');
--> statement-breakpoint
-- Inserts too: a new company widens the subtree of the companies above it.
CREATE TRIGGER companies_notify AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW
  EXECUTE FUNCTION notify_auth_change('c', 'id');
--> statement-breakpoint
CREATE TRIGGER nav_routes_notify AFTER INSERT OR UPDATE OR DELETE ON "nav_routes" FOR EACH STATEMENT
  EXECUTE FUNCTION notify_auth_change('n');
