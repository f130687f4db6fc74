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
#endif
