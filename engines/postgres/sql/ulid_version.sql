-- sortid_version() is the library's version and equals the extension's own.
SELECT sortid_version() = extversion AS same_version,
       sortid_version() ~ '^[0-9]+\.[0-9]+\.[0-9]+$' AS well_formed
FROM pg_extension WHERE extname = 'sortid';

-- Every member object of the extension with what its scripts must get right:
-- a function's volatility, parallel safety, strictness, leakproofness, C
-- symbol and result type, a cast's context, method and function, and each
-- object's comment.
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

-- The current version from scratch: sortid--0.1.0.sql, then the update
-- scripts up to default_version (sortid.control), the path a 0.1.0 database
-- takes with ALTER EXTENSION sortid UPDATE.
SET client_min_messages = warning;  -- the cascade list names every earlier test's tables
DROP EXTENSION sortid CASCADE;
RESET client_min_messages;
CREATE EXTENSION sortid;
SELECT * FROM sortid_catalog ORDER BY object;

-- A 0.1.0 database and what ALTER EXTENSION sortid UPDATE adds or changes in
-- it: each changed object is listed twice, as it was and as it becomes.
DROP EXTENSION sortid;
CREATE EXTENSION sortid VERSION '0.1.0';
CREATE TEMP TABLE version_0_1_0 AS SELECT * FROM sortid_catalog;
ALTER EXTENSION sortid UPDATE;
SELECT sortid_version() = extversion AS same_version
FROM pg_extension WHERE extname = 'sortid';
SELECT 'after' AS "update", * FROM
  (SELECT * FROM sortid_catalog EXCEPT SELECT * FROM version_0_1_0) AS after_update
UNION ALL
SELECT 'before', * FROM
  (SELECT * FROM version_0_1_0 EXCEPT SELECT * FROM sortid_catalog) AS before_update
ORDER BY object, 1 DESC;
