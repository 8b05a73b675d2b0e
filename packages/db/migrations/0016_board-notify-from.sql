-- The board's live events name the stage a card left, from the row itself: OLD.status_id on an
-- update, the stage it stood at on a delete, null on an insert. Reading it back from the
-- transition log after the commit could name the wrong stage when two moves of one card came
-- close together (the log's latest row by then may be the second move's). `status_id` stays the
-- stage the row has after the change (on a delete, the stage it was removed from), as in 0012.
CREATE OR REPLACE FUNCTION ats_notify_board() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  changed applications%ROWTYPE;
  from_status integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := NEW;
    from_status := NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    changed := NEW;
    from_status := OLD.status_id;
  ELSE
    changed := OLD;
    from_status := OLD.status_id;
  END IF;
  PERFORM pg_notify('ats_board', json_build_object(
    'account_id', changed.account_id,
    'vacancy_id', changed.vacancy_id,
    'application_id', changed.id,
    'status_id', changed.status_id,
    'from_status_id', from_status,
    'op', lower(TG_OP))::text);
  RETURN NULL;
END
$$;
