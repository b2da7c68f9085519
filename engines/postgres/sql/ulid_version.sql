-- sortid_version() is the library's version and equals the extension's own;
-- an install of 0.1.0 updated to it has the same objects as a fresh install.
SELECT sortid_version() = extversion AS same_version,
       sortid_version() ~ '^[0-9]+\.[0-9]+\.[0-9]+$' AS well_formed
FROM pg_extension WHERE extname = 'sortid';

-- Every member object of the extension with what ALTER EXTENSION UPDATE must
-- get right: a function's volatility, parallel safety, strictness,
-- leakproofness, C symbol and result type, a cast's context, method and
-- function, and each object's comment.
CREATE TEMP VIEW sortid_catalog AS
SELECT pg_describe_object(d.classid, d.objid, d.objsubid) AS object,
       coalesce((SELECT concat_ws(' ', p.provolatile, p.proparallel, p.proisstrict,
                                  p.proleakproof, p.prosrc, p.prorettype::regtype)
                 FROM pg_proc p WHERE d.classid = 'pg_proc'::regclass AND p.oid = d.objid),
                (SELECT concat_ws(' ', c.castcontext, c.castmethod, c.castfunc::regprocedure)
                 FROM pg_cast c WHERE d.classid = 'pg_cast'::regclass AND c.oid = d.objid),
                '') AS details,
       coalesce(obj_description(d.objid, d.classid::regclass::name), '') AS comment
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'sortid');
CREATE TEMP TABLE fresh_install AS SELECT * FROM sortid_catalog;
SELECT count(*) > 50 AS many_objects,
       count(*) FILTER (WHERE object LIKE 'cast from%') AS casts,
       count(*) FILTER (WHERE object = 'function gen_monotonic_ulid()') AS gen_monotonic_ulid
FROM fresh_install;

SET client_min_messages = warning;  -- the cascade list names every earlier test's tables
DROP EXTENSION sortid CASCADE;
RESET client_min_messages;
CREATE EXTENSION sortid VERSION '0.1.0';
SELECT count(*) AS version_functions FROM pg_proc WHERE proname = 'sortid_version';
ALTER EXTENSION sortid UPDATE;
SELECT sortid_version() = extversion AS same_version
FROM pg_extension WHERE extname = 'sortid';

-- Both lists are empty: nothing only in the fresh install, nothing only in the update.
SELECT 'only in a fresh 0.2.0' AS missing, * FROM
  (SELECT * FROM fresh_install EXCEPT SELECT * FROM sortid_catalog) AS fresh_only
UNION ALL
SELECT 'only after the update', * FROM
  (SELECT * FROM sortid_catalog EXCEPT SELECT * FROM fresh_install) AS updated_only
ORDER BY 1, 2;
