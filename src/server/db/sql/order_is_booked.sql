CREATE OR REPLACE FUNCTION "order_is_booked"("st" "order_status") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "st" IN ('approved', 'processing', 'shipped', 'delivered');
$$;
