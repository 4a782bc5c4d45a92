-- The analytics rollups (tables: migration 0009) kept exact by row triggers on appointments and time logs, in the
-- change's own transaction. Increments are INSERT … ON CONFLICT DO UPDATE (never read-modify-write), so concurrent
-- transactions add up; a job's credit and clocked time change under its analytics_jobs row's lock. Rejected time
-- logs count nowhere. Days are counted in analytics_settings.time_zone (analytics/rollups.ts keeps it the shop's).

-- The increments: one upsert each.
CREATE OR REPLACE FUNCTION analytics_count_booking(p_day date, p_service_type text, p_status text, p_delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_bookings_daily AS b (day, service_type, status, bookings) VALUES (p_day, p_service_type, p_status, p_delta)
  ON CONFLICT (day, service_type, status) DO UPDATE SET bookings = b.bookings + EXCLUDED.bookings
$$;

CREATE OR REPLACE FUNCTION analytics_credit(p_day date, p_employee uuid, p_service_type text, p_jobs integer, p_work bigint, p_clocked bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_completed_daily AS c (day, employee_id, service_type, jobs, work_seconds, clocked_seconds)
  VALUES (p_day, p_employee, p_service_type, p_jobs, p_work, p_clocked)
  ON CONFLICT (day, employee_id, service_type) DO UPDATE
    SET jobs = c.jobs + EXCLUDED.jobs, work_seconds = c.work_seconds + EXCLUDED.work_seconds,
        clocked_seconds = c.clocked_seconds + EXCLUDED.clocked_seconds
$$;

CREATE OR REPLACE FUNCTION analytics_log_time(p_day date, p_employee uuid, p_logged bigint, p_job bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_time_daily AS t (day, employee_id, logged_seconds, job_seconds) VALUES (p_day, p_employee, p_logged, p_job)
  ON CONFLICT (day, employee_id) DO UPDATE
    SET logged_seconds = t.logged_seconds + EXCLUDED.logged_seconds, job_seconds = t.job_seconds + EXCLUDED.job_seconds
$$;

-- Seconds of a time log, and of a job from start to completion (whole seconds).
CREATE OR REPLACE FUNCTION analytics_seconds(p_from timestamp, p_to timestamp) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT round(extract(epoch FROM p_to - p_from))::bigint $$;

CREATE OR REPLACE FUNCTION analytics_seconds(p_from timestamptz, p_to timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT round(extract(epoch FROM p_to - p_from))::bigint $$;

-- A log's seconds added to (or taken from) its job, and to the job's credit while it is completed. A deleted
-- appointment's row is gone (its credit already taken back): nothing to do then.
CREATE OR REPLACE FUNCTION analytics_clock_job(p_job uuid, p_delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  job analytics_jobs%ROWTYPE;
BEGIN
  IF p_delta = 0 THEN
    RETURN;
  END IF;
  UPDATE analytics_jobs SET clocked_seconds = clocked_seconds + p_delta WHERE appointment_id = p_job RETURNING * INTO job;
  IF FOUND AND job.credited_to IS NOT NULL THEN
    PERFORM analytics_credit(job.credited_day, job.credited_to, job.service_type, 0, 0, p_delta);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION analytics_appointments_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  job analytics_jobs%ROWTYPE;
  o_to uuid; o_day date; o_type text; o_work bigint;
  n_to uuid; n_day date; n_type text; n_work bigint;
BEGIN
  SELECT time_zone INTO STRICT tz FROM analytics_settings;

  IF TG_OP = 'DELETE' THEN
    PERFORM analytics_count_booking((OLD.created_at AT TIME ZONE tz)::date, OLD.service_type, OLD.status, -1);
    DELETE FROM analytics_jobs WHERE appointment_id = OLD.id RETURNING * INTO job;
    IF FOUND AND job.credited_to IS NOT NULL THEN
      PERFORM analytics_credit(job.credited_day, job.credited_to, job.service_type, -1, -job.work_seconds, -job.clocked_seconds);
    END IF;
    RETURN NULL;
  END IF;

  IF NEW.status = 'COMPLETED' THEN
    n_to := NEW.assigned_employee_id;
    n_day := (NEW.completed_at AT TIME ZONE tz)::date;
    n_type := NEW.service_type;
    n_work := analytics_seconds(NEW.started_at, NEW.completed_at);
  END IF;

  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_count_booking((NEW.created_at AT TIME ZONE tz)::date, NEW.service_type, NEW.status, 1);
    INSERT INTO analytics_jobs (appointment_id, credited_to, credited_day, service_type, work_seconds)
    VALUES (NEW.id, n_to, n_day, n_type, n_work);
    IF n_to IS NOT NULL THEN
      PERFORM analytics_credit(n_day, n_to, n_type, 1, n_work, 0);
    END IF;
    RETURN NULL;
  END IF;

  -- UPDATE
  IF (OLD.created_at, OLD.service_type, OLD.status) IS DISTINCT FROM (NEW.created_at, NEW.service_type, NEW.status) THEN
    PERFORM analytics_count_booking((OLD.created_at AT TIME ZONE tz)::date, OLD.service_type, OLD.status, -1);
    PERFORM analytics_count_booking((NEW.created_at AT TIME ZONE tz)::date, NEW.service_type, NEW.status, 1);
  END IF;
  IF OLD.status = 'COMPLETED' THEN
    o_to := OLD.assigned_employee_id;
    o_day := (OLD.completed_at AT TIME ZONE tz)::date;
    o_type := OLD.service_type;
    o_work := analytics_seconds(OLD.started_at, OLD.completed_at);
  END IF;
  IF (o_to, o_day, o_type, o_work) IS NOT DISTINCT FROM (n_to, n_day, n_type, n_work) THEN
    RETURN NULL;
  END IF;

  -- The credit moves: under the job row's lock, take back what it holds and give what NEW says.
  SELECT * INTO job FROM analytics_jobs WHERE appointment_id = NEW.id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO analytics_jobs (appointment_id, clocked_seconds)
    SELECT NEW.id, coalesce(sum(analytics_seconds(l.starts_at, l.ends_at)), 0)
    FROM time_logs l WHERE l.appointment_id = NEW.id AND l.review_state <> 'REJECTED'
    RETURNING * INTO job;
  END IF;
  IF job.credited_to IS NOT NULL THEN
    PERFORM analytics_credit(job.credited_day, job.credited_to, job.service_type, -1, -job.work_seconds, -job.clocked_seconds);
  END IF;
  IF n_to IS NOT NULL THEN
    PERFORM analytics_credit(n_day, n_to, n_type, 1, n_work, job.clocked_seconds);
  END IF;
  UPDATE analytics_jobs SET credited_to = n_to, credited_day = n_day, service_type = n_type, work_seconds = n_work
  WHERE appointment_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION analytics_time_logs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o_emp uuid; o_day date; o_job uuid; o_secs bigint := 0;
  n_emp uuid; n_day date; n_job uuid; n_secs bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.review_state <> 'REJECTED' THEN
      o_emp := OLD.employee_id;
      o_day := OLD.starts_at::date;
      o_job := OLD.appointment_id;
      o_secs := analytics_seconds(OLD.starts_at, OLD.ends_at);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.review_state <> 'REJECTED' THEN
      n_emp := NEW.employee_id;
      n_day := NEW.starts_at::date;
      n_job := NEW.appointment_id;
      n_secs := analytics_seconds(NEW.starts_at, NEW.ends_at);
    END IF;
  END IF;
  IF (o_emp, o_day, o_job, o_secs) IS NOT DISTINCT FROM (n_emp, n_day, n_job, n_secs) THEN
    RETURN NULL;
  END IF;

  -- Jobs first, then days (the appointments trigger also takes a job's row before the rollups' rows).
  IF o_job IS NOT NULL AND o_job = n_job THEN
    PERFORM analytics_clock_job(o_job, n_secs - o_secs);
  ELSIF o_job IS NOT NULL AND n_job IS NOT NULL AND n_job < o_job THEN
    PERFORM analytics_clock_job(n_job, n_secs);
    PERFORM analytics_clock_job(o_job, -o_secs);
  ELSE
    IF o_job IS NOT NULL THEN
      PERFORM analytics_clock_job(o_job, -o_secs);
    END IF;
    IF n_job IS NOT NULL THEN
      PERFORM analytics_clock_job(n_job, n_secs);
    END IF;
  END IF;

  IF o_emp IS NOT NULL THEN
    PERFORM analytics_log_time(o_day, o_emp, -o_secs, CASE WHEN o_job IS NULL THEN 0 ELSE -o_secs END);
  END IF;
  IF n_emp IS NOT NULL THEN
    PERFORM analytics_log_time(n_day, n_emp, n_secs, CASE WHEN n_job IS NULL THEN 0 ELSE n_secs END);
  END IF;
  RETURN NULL;
END
$$;

-- Every figure again from the base tables, set-based: below, and when the shop's time zone changes.
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  SELECT time_zone INTO STRICT tz FROM analytics_settings;
  TRUNCATE analytics_bookings_daily, analytics_jobs, analytics_completed_daily, analytics_time_daily;
  INSERT INTO analytics_bookings_daily (day, service_type, status, bookings)
  SELECT (a.created_at AT TIME ZONE tz)::date, a.service_type, a.status, count(*)
  FROM appointments a GROUP BY 1, 2, 3;
  INSERT INTO analytics_jobs (appointment_id, clocked_seconds, credited_to, credited_day, service_type, work_seconds)
  SELECT a.id, coalesce(l.seconds, 0),
         CASE WHEN a.status = 'COMPLETED' THEN a.assigned_employee_id END,
         CASE WHEN a.status = 'COMPLETED' THEN (a.completed_at AT TIME ZONE tz)::date END,
         CASE WHEN a.status = 'COMPLETED' THEN a.service_type END,
         CASE WHEN a.status = 'COMPLETED' THEN analytics_seconds(a.started_at, a.completed_at) END
  FROM appointments a
  LEFT JOIN (
    SELECT appointment_id, sum(analytics_seconds(starts_at, ends_at))::bigint AS seconds
    FROM time_logs WHERE appointment_id IS NOT NULL AND review_state <> 'REJECTED' GROUP BY appointment_id
  ) l ON l.appointment_id = a.id;
  INSERT INTO analytics_completed_daily (day, employee_id, service_type, jobs, work_seconds, clocked_seconds)
  SELECT credited_day, credited_to, service_type, count(*), sum(work_seconds), sum(clocked_seconds)
  FROM analytics_jobs WHERE credited_to IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO analytics_time_daily (day, employee_id, logged_seconds, job_seconds)
  SELECT starts_at::date, employee_id, sum(analytics_seconds(starts_at, ends_at)),
         coalesce(sum(analytics_seconds(starts_at, ends_at)) FILTER (WHERE appointment_id IS NOT NULL), 0)
  FROM time_logs WHERE review_state <> 'REJECTED' GROUP BY 1, 2;
END
$$;

CREATE OR REPLACE TRIGGER analytics_appointments AFTER INSERT OR DELETE OR UPDATE OF status, service_type, assigned_employee_id, created_at, started_at, completed_at
ON appointments FOR EACH ROW EXECUTE FUNCTION analytics_appointments_changed();

CREATE OR REPLACE TRIGGER analytics_time_logs AFTER INSERT OR DELETE OR UPDATE OF employee_id, appointment_id, starts_at, ends_at, review_state
ON time_logs FOR EACH ROW EXECUTE FUNCTION analytics_time_logs_changed();

-- The rollups are what the functions above make of the base tables: rebuilt whenever this file changes (a new
-- database, an upgrade, a changed rule), with writes to their sources held off meanwhile.
LOCK TABLE appointments, time_logs IN SHARE MODE;
SELECT analytics_rebuild();
