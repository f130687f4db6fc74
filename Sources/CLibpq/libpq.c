#include "CLibpq.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct hs_libpq functions;
static const struct hs_libpq *loaded;
static char error[512] = "libpq was not loaded";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // libpq's soname has been libpq.so.5 since PostgreSQL 8.2; HOMESCREEN_LIBPQ names another
    // file (a libpq built elsewhere).
    const char *name = getenv("HOMESCREEN_LIBPQ");
    if (name == NULL || *name == 0) name = "libpq.so.5";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(error, sizeof error, "%s", dlerror());
        return;
    }
#define HS_LOAD(function)                                                               \
    if ((*(void **)&functions.function = dlsym(library, #function)) == NULL) {          \
        snprintf(error, sizeof error, "%s has no function %s", name, #function);        \
        return;                                                                         \
    }
    HS_LOAD(PQconnectdbParams) HS_LOAD(PQstatus) HS_LOAD(PQerrorMessage) HS_LOAD(PQfinish)
    HS_LOAD(PQreset) HS_LOAD(PQsetNoticeProcessor) HS_LOAD(PQsocket) HS_LOAD(PQexec)
    HS_LOAD(PQexecParams) HS_LOAD(PQresultStatus) HS_LOAD(PQresultErrorField) HS_LOAD(PQcmdTuples)
    HS_LOAD(PQnfields) HS_LOAD(PQntuples) HS_LOAD(PQfname) HS_LOAD(PQgetisnull) HS_LOAD(PQgetvalue)
    HS_LOAD(PQclear) HS_LOAD(PQconsumeInput) HS_LOAD(PQnotifies) HS_LOAD(PQfreemem)
    HS_LOAD(PQsendQueryParams) HS_LOAD(PQsendQuery) HS_LOAD(PQsetnonblocking) HS_LOAD(PQflush)
    HS_LOAD(PQisBusy) HS_LOAD(PQgetResult)
#undef HS_LOAD
    loaded = &functions;
}

const struct hs_libpq *hs_libpq(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *hs_libpq_error(void) {
    pthread_once(&once, load);
    return error;
}
