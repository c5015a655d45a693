#!/usr/bin/env bash
# Creates the database and role the services share on an existing PostgreSQL (each service then
# creates and migrates its own schema at start). Usage: PGHOST=... PGUSER=postgres bash create-database.sh [db] [role] [password]
set -euo pipefail
db=${1:-zapdesk}; role=${2:-zapdesk}; password=${3:?give the role a password}
psql -v ON_ERROR_STOP=1 <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$role') THEN
    CREATE ROLE "$role" LOGIN PASSWORD '$password';
  END IF;
END \$\$;
SELECT 'CREATE DATABASE "$db" OWNER "$role"' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$db')\gexec
SQL
echo "DATABASE_URL=postgres://$role:$password@${PGHOST:-localhost}:${PGPORT:-5432}/$db"
