-- The generators with per-session state (the Record ID machine id and
-- counter, the monotonic orders) run in the session's own backend even when
-- every query is forced into a parallel plan: one machine id and increasing
-- IDs across statements. A parallel worker is a new process with a state of
-- its own.
SET force_parallel_mode = on;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
-- One generator per statement: a restricted one in the same query would keep
-- the whole query out of parallel workers.
EXPLAIN (COSTS OFF) SELECT gen_record_id();
EXPLAIN (COSTS OFF) SELECT gen_uuidv7();
EXPLAIN (COSTS OFF) SELECT gen_ulid_monotonic();
SELECT gen_record_id() AS r1 \gset
SELECT gen_uuidv7() AS u1 \gset
SELECT gen_ulid_monotonic() AS m1 \gset
SELECT gen_record_id() AS r2 \gset
SELECT gen_uuidv7() AS u2 \gset
SELECT gen_ulid_monotonic() AS m2 \gset
SELECT gen_record_id() AS r3 \gset
SELECT gen_uuidv7() AS u3 \gset
SELECT gen_ulid_monotonic() AS m3 \gset
-- Characters 9..16 of a Record ID are its 40-bit machine id.
SELECT count(DISTINCT substr(r, 9, 8)) AS machine_ids,
       bool_and(r COLLATE "C" > previous_r COLLATE "C") AS records_increasing,
       bool_and(u > previous_u) AS uuidv7_increasing,
       bool_and(m > previous_m) AS monotonic_increasing
FROM (SELECT r, u, m, lag(r) OVER (ORDER BY n) AS previous_r, lag(u) OVER (ORDER BY n) AS previous_u,
             lag(m) OVER (ORDER BY n) AS previous_m
      FROM (VALUES (1, :'r1', :'u1'::uuid, :'m1'::ulid), (2, :'r2', :'u2'::uuid, :'m2'::ulid),
                   (3, :'r3', :'u3'::uuid, :'m3'::ulid))
           AS v(n, r, u, m)) s;
-- Random ULIDs need no session state: they may run in a worker.
EXPLAIN (COSTS OFF) SELECT gen_ulid();
SELECT length(gen_ulid()::text) AS ulid_length;
RESET force_parallel_mode;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
