-- The six staff groups of the specification (section 6). The first three take part in flights and
-- operating hours. Administrators can add, rename and remove groups afterwards.
INSERT INTO "staff_groups" ("name", "takes_flights", "takes_airport_hours", "position") VALUES
  ('Koordynator', true, true, 1),
  ('Rampa', true, true, 2),
  ('PAX/INFO', true, true, 3),
  ('TEST 1', false, false, 4),
  ('TEST 2', false, false, 5),
  ('TEST 3', false, false, 6)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
