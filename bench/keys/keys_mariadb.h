// Shared by the MariaDB back end of the key-scheme benchmark
// (keys_mariadb.cc) and its probe of MariaDB's UUID type
// (keys_mariadb_uuid.cc).
#ifndef SORTID_BENCH_KEYS_KEYS_MARIADB_H_
#define SORTID_BENCH_KEYS_KEYS_MARIADB_H_

#include <mysql.h>

#include <string>
#include <utility>
#include <vector>

namespace keys {

// A connection to database `sortid_keys` on the socket in MARIADB_SOCKET,
// autocommit off; throws std::runtime_error with the client's message.
MYSQL* MariadbConnect();

// Which UUIDs MariaDB's UUID type refuses and which it stores with the
// groups reversed, measured on 10,000 ULIDs given as UUID text and on pairs
// of fixed UUIDs per version; each result is a (name, value) note.
std::vector<std::pair<std::string, std::string>> ProbeUuidType(MYSQL* connection);

}  // namespace keys

#endif  // SORTID_BENCH_KEYS_KEYS_MARIADB_H_
