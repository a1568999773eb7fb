CREATE OR REPLACE FUNCTION "fertility_figures"("s" integer, "c" integer, "rs" integer, "rc" integer,
  OUT "services" integer, OUT "conceptions" integer, OUT "confirmed" integer, OUT "reported" integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "s" >= 20 THEN "s" ELSE "s" + "rs" END, CASE WHEN "s" >= 20 THEN "c" ELSE "c" + "rc" END,
         "s", "rs"
$$;
