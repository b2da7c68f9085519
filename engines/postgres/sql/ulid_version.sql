-- sortid_version() is the library's version and equals the extension's own;
-- an install of 0.1.0 updates to it.
SELECT sortid_version() = extversion AS same_version,
       sortid_version() ~ '^[0-9]+\.[0-9]+\.[0-9]+$' AS well_formed
FROM pg_extension WHERE extname = 'sortid';
SET client_min_messages = warning;  -- the cascade list names every earlier test's tables
DROP EXTENSION sortid CASCADE;
RESET client_min_messages;
CREATE EXTENSION sortid VERSION '0.1.0';
SELECT count(*) AS version_functions FROM pg_proc WHERE proname = 'sortid_version';
ALTER EXTENSION sortid UPDATE;
SELECT sortid_version() = extversion AS same_version
FROM pg_extension WHERE extname = 'sortid';
