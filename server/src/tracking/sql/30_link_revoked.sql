-- A revoked link ends its open streams on every instance, as a revoked session does: t:<token> on the live channel
-- (events/sql/30_live_events.sql), delivered on commit; each instance's hub ends the streams opened with it.
CREATE OR REPLACE FUNCTION tracking_links_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carcare_live_' || current_schema(), 't:' || NEW.token);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER tracking_links_on_revoke AFTER UPDATE OF revoked_at ON tracking_links
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION tracking_links_revoked();
