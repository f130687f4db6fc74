// The ncursesw wide-character API for Swift. Only HomescreenTerminal imports this module.
// The wide API is visible only with NCURSES_WIDECHAR before the includes; macros and global
// state that Swift cannot import (A_* attributes, stdscr, LINES, COLS) get accessor functions.
#ifndef HOMESCREEN_NCURSES_SHIM_H
#define HOMESCREEN_NCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>

static inline attr_t hs_attr_bold(void) { return A_BOLD; }
static inline attr_t hs_attr_dim(void) { return A_DIM; }
static inline attr_t hs_attr_italic(void) { return A_ITALIC; }
static inline attr_t hs_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t hs_attr_reverse(void) { return A_REVERSE; }

static inline WINDOW *hs_stdscr(void) { return stdscr; }
static inline int hs_lines(void) { return LINES; }
static inline int hs_cols(void) { return COLS; }
static inline int hs_colors(void) { return COLORS; }
static inline int hs_color_pairs(void) { return COLOR_PAIRS; }

/// Draws one cell: up to CCHARW_MAX - 1 code points (a grapheme), attributes, an extended pair.
static inline int hs_put_cell(int y, int x, const wchar_t *text, attr_t attributes, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

/// Reads one key without waiting. Returns ERR (nothing), OK (a character) or KEY_CODE_YES.
static inline int hs_read_key(int *value) {
    wint_t key = 0;
    int result = get_wch(&key);
    *value = (int)key;
    return result;
}

/// The terminal's size from the kernel (after SIGWINCH), or -1.
static inline int hs_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

static inline const char *hs_codeset(void) { return nl_langinfo(CODESET); }

/// Whether the terminal type can move the cursor (terminfo `cup`): `dumb` cannot.
static inline int hs_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

// ---- Giving the terminal back when the process dies ----
// A fatal error (SIGILL/SIGTRAP), a crash (SIGSEGV, SIGBUS, SIGFPE), an abort or an unhandled
// SIGUSR1/2 would leave the terminal raw, on the alternate screen, with no echo. These
// handlers do only async-signal-safe work: write the escape sequences that leave the alternate
// screen and show the cursor, restore the termios saved before ncurses started, then die of
// the same signal with its default action (no backtrace prompt that waits for a key).
#include <termios.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>

// What the handler restores, kept in function-local statics (a header's globals would not be
// emitted when Swift imports it).
struct hs_saved_terminal { struct termios settings; int input; int output; };
static inline struct hs_saved_terminal *hs_saved(void) {
    static struct hs_saved_terminal saved = { .input = -1, .output = -1 };
    return &saved;
}

static inline void hs_crash_handler(int number) {
    struct hs_saved_terminal *saved = hs_saved();
    if (saved->output >= 0) {
        static const char leave[] = "\033[0m\033[?1006l\033[?1000l\033[?1049l\033[?25h\r\n";
        ssize_t ignored = write(saved->output, leave, sizeof leave - 1);
        (void)ignored;
    }
    if (saved->input >= 0) tcsetattr(saved->input, TCSANOW, &saved->settings);
    signal(number, SIG_DFL);
    raise(number);
}

/// Saves the terminal's settings (call before ncurses changes them) and installs the handlers.
/// - Returns: 0, or -1 when the input is not a terminal.
static inline int hs_install_crash_restore(int input, int output) {
    struct hs_saved_terminal *saved = hs_saved();
    if (tcgetattr(input, &saved->settings) != 0) return -1;
    saved->input = input;
    saved->output = output;
    const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGUSR1, SIGUSR2 };
    // A parent may have started us with these blocked (a thread pool's mask is inherited
    // through exec); blocked, a kill would leave the terminal raw and the process alive.
    sigset_t unblock;
    sigemptyset(&unblock);
    for (unsigned index = 0; index < sizeof fatal / sizeof fatal[0]; index++) sigaddset(&unblock, fatal[index]);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    for (unsigned index = 0; index < sizeof fatal / sizeof fatal[0]; index++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = hs_crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigaction(fatal[index], &action, NULL);
    }
    return 0;
}

/// After the terminal was given back normally: a later crash has nothing to restore.
static inline void hs_forget_crash_restore(void) { hs_saved()->input = -1; hs_saved()->output = -1; }

// ---- Writing the terminal directly, with what its terminfo entry says ----

/// A string capability, or NULL when the terminal has none.
static inline const char *hs_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

/// Whether the terminal has a boolean capability.
static inline int hs_terminfo_flag(const char *name) { return tigetflag(name) > 0; }

/// A numeric capability, or -1.
static inline int hs_terminfo_number(const char *name) { return tigetnum(name); }

/// A parameterized capability with its parameters in (tiparm is variadic, which Swift cannot call).
static inline const char *hs_terminfo_format(const char *format, int first, int second) {
    return tiparm(format, first, second);
}

/// Whether the terminal driver turns a line feed into a carriage return and a line feed.
static inline int hs_output_adds_return(int fd) {
    struct termios settings;
    if (tcgetattr(fd, &settings) != 0) return 1;
    return (settings.c_oflag & OPOST) != 0 && (settings.c_oflag & ONLCR) != 0;
}

#endif
