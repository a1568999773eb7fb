CREATE OR REPLACE FUNCTION "nairobi_day"("ts" timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT ("ts" AT TIME ZONE 'Africa/Nairobi')::date;
$$;
