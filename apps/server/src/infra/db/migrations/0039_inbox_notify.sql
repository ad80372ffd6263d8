-- New inbox items wake the open notification streams of every instance (LISTEN earn_inbox): the
-- payload names the users (comma-separated), or '*' when one statement wrote items for many (a
-- day's summaries), which wakes every open stream. NOTIFY is sent at commit, so a stream never
-- reads an item before it exists, and a rolled-back cause sends nothing.
CREATE FUNCTION earn_inbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  users text;
  n int;
BEGIN
  SELECT count(*), string_agg(user_id::text, ',') INTO n, users
    FROM (SELECT DISTINCT user_id FROM new_items LIMIT 51) s;
  IF n > 50 THEN
    PERFORM pg_notify('earn_inbox', '*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('earn_inbox', users);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_wake_streams AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION earn_inbox_notify();
