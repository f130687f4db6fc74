// libpq, PostgreSQL's own client library (Debian's libpq5; headers from libpq-dev), for the
// PostgreSQL store. The executable does not link it: libpq and the twenty libraries it needs
// (TLS, Kerberos, LDAP…) would be loaded, relocated and kept resident by every command, a
// SQLite store's included. `hs_libpq()` loads it on the first use of a PostgreSQL store.
#ifndef HS_CLIBPQ_H
#define HS_CLIBPQ_H

#include <postgresql/libpq-fe.h>

/// The libpq functions the store calls, with libpq's own declarations as their types.
struct hs_libpq {
    __typeof__(PQconnectdbParams) *_Nonnull PQconnectdbParams;
    __typeof__(PQstatus) *_Nonnull PQstatus;
    __typeof__(PQerrorMessage) *_Nonnull PQerrorMessage;
    __typeof__(PQfinish) *_Nonnull PQfinish;
    __typeof__(PQreset) *_Nonnull PQreset;
    __typeof__(PQsetNoticeProcessor) *_Nonnull PQsetNoticeProcessor;
    __typeof__(PQsocket) *_Nonnull PQsocket;
    __typeof__(PQexec) *_Nonnull PQexec;
    __typeof__(PQexecParams) *_Nonnull PQexecParams;
    __typeof__(PQresultStatus) *_Nonnull PQresultStatus;
    __typeof__(PQresultErrorField) *_Nonnull PQresultErrorField;
    __typeof__(PQcmdTuples) *_Nonnull PQcmdTuples;
    __typeof__(PQnfields) *_Nonnull PQnfields;
    __typeof__(PQntuples) *_Nonnull PQntuples;
    __typeof__(PQfname) *_Nonnull PQfname;
    __typeof__(PQgetisnull) *_Nonnull PQgetisnull;
    __typeof__(PQgetvalue) *_Nonnull PQgetvalue;
    __typeof__(PQclear) *_Nonnull PQclear;
    __typeof__(PQconsumeInput) *_Nonnull PQconsumeInput;
    __typeof__(PQnotifies) *_Nonnull PQnotifies;
    __typeof__(PQfreemem) *_Nonnull PQfreemem;
    __typeof__(PQsendQueryParams) *_Nonnull PQsendQueryParams;
    __typeof__(PQsendQuery) *_Nonnull PQsendQuery;
    __typeof__(PQsetnonblocking) *_Nonnull PQsetnonblocking;
    __typeof__(PQflush) *_Nonnull PQflush;
    __typeof__(PQisBusy) *_Nonnull PQisBusy;
    __typeof__(PQgetResult) *_Nonnull PQgetResult;
};

/// libpq's functions, loaded the first time (thread-safe); NULL when libpq cannot be loaded,
/// and then `hs_libpq_error()` says why (the dynamic loader's message).
const struct hs_libpq *_Nullable hs_libpq(void);
const char *_Nonnull hs_libpq_error(void);

#endif
