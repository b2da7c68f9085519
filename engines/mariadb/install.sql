-- Installs sortid's functions (sortid_mariadb.so must be in the server's plugin_dir).
CREATE OR REPLACE FUNCTION ulid RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION ulid_monotonic RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION record_id RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION sortid_version RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION ulid_to_uuid RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION uuid_to_ulid RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION ulid_to_bin RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION ulid_from_bin RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION ulid_time RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION ulid_min RETURNS STRING SONAME 'sortid_mariadb.so';
CREATE OR REPLACE FUNCTION ulid_max RETURNS STRING SONAME 'sortid_mariadb.so';
