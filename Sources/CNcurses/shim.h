#ifndef FIELDOPS_CNCURSES_SHIM_H
#define FIELDOPS_CNCURSES_SHIM_H
#include <curses.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>

/*
 * ncurses draws JQC's full-screen form. Only `jqc inspect fill` and `jqc inspect sign` use it,
 * so like libcurl (CCurl/shim.h) it is loaded with dlopen() when the form opens rather than
 * linked: no other command maps libncursesw and libtinfo before main().
 *
 * The wide-character build (libncursesw) is loaded so that UTF-8 text (labels, stars, braille
 * signature strokes) is drawn as characters, given a UTF-8 locale (setlocale by the caller).
 * Macros such as A_BOLD or COLOR_PAIR are turned into functions Swift can call.
 */
#define FIELDOPS_CURSES_FUNCTIONS(X) \
    X(newterm) X(endwin) X(delscreen) X(isendwin) X(cbreak) X(noecho) X(nonl) X(intrflush) \
    X(keypad) X(wtimeout) X(wgetch) X(werase) X(wmove) X(waddnstr) X(wattron) X(wattroff) \
    X(wclrtoeol) X(wrefresh) X(curs_set) X(getmaxy) X(getmaxx) X(start_color) X(has_colors) \
    X(use_default_colors) X(init_pair) X(set_escdelay) X(doupdate) X(clearok)

struct fieldops_curses_api {
    int loaded;
    WINDOW **stdscr_variable;
#define FIELDOPS_CURSES_FIELD(name) __typeof__(name) *name;
    FIELDOPS_CURSES_FUNCTIONS(FIELDOPS_CURSES_FIELD)
#undef FIELDOPS_CURSES_FIELD
};

static inline struct fieldops_curses_api *fieldops_curses_table(void) {
    static struct fieldops_curses_api table;
    return &table;
}

static inline void fieldops_curses_load(void) {
    struct fieldops_curses_api *api = fieldops_curses_table();
    void *library = dlopen("libncursesw.so.6", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libncurses.dylib", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    api->stdscr_variable = (WINDOW **)dlsym(library, "stdscr");
    if (api->stdscr_variable == NULL) return;
#define FIELDOPS_CURSES_SYMBOL(name) \
    api->name = (__typeof__(name) *)dlsym(library, #name); if (api->name == NULL) return;
    FIELDOPS_CURSES_FUNCTIONS(FIELDOPS_CURSES_SYMBOL)
#undef FIELDOPS_CURSES_SYMBOL
    api->loaded = 1;
}

/* The loaded table, or NULL when ncurses is not on this machine (the form then runs in line mode). */
static inline struct fieldops_curses_api *fieldops_curses(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_curses_load);
    struct fieldops_curses_api *api = fieldops_curses_table();
    return api->loaded ? api : NULL;
}

/* The current screen's stdscr: ncurses exports it only as a variable, read through dlsym. */
static inline WINDOW *fieldops_stdscr(void) {
    WINDOW **variable = fieldops_curses_table()->stdscr_variable;
    return variable == NULL ? NULL : *variable;
}

static inline FILE *fieldops_stdin(void) { return stdin; }
static inline FILE *fieldops_stderr(void) { return stderr; }
static inline int fieldops_attr_bold(void) { return (int)A_BOLD; }
static inline int fieldops_attr_reverse(void) { return (int)A_REVERSE; }
static inline int fieldops_attr_dim(void) { return (int)A_DIM; }
static inline int fieldops_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int fieldops_color_pair(int n) { return (int)COLOR_PAIR(n); }
#endif
