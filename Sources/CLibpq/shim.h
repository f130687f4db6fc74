// libpq, PostgreSQL's own client library (Debian's libpq-dev), for the PostgreSQL store.
#include <postgresql/libpq-fe.h>
