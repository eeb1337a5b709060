#ifndef FIELDOPS_CEDIT_SHIM_H
#define FIELDOPS_CEDIT_SHIM_H
#include <histedit.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>

/*
 * libedit gives the core's line prompts (and JQC's line-mode form) cursor keys, word moves and
 * history. Like libcurl (CCurl/shim.h) it is loaded with dlopen() the first time a prompt is
 * shown on a terminal, not linked: `--version` and `__complete` run on every TAB and must not
 * map libedit, libbsd and libmd before main() (bench/core.sh measures that start-up).
 *
 * el_set() and history() are variadic, which Swift cannot call: each use gets a typed shim.
 */
struct fieldops_edit_api {
    int loaded;
    __typeof__(el_init) *el_init;
    __typeof__(el_end) *el_end;
    __typeof__(el_gets) *el_gets;
    __typeof__(el_set) *el_set;
    __typeof__(el_get) *el_get;
    __typeof__(el_reset) *el_reset;
    __typeof__(history_init) *history_init;
    __typeof__(history_end) *history_end;
    __typeof__(history) *history;
};

static inline struct fieldops_edit_api *fieldops_edit_table(void) {
    static struct fieldops_edit_api table;
    return &table;
}

static inline void fieldops_edit_load(void) {
    struct fieldops_edit_api *api = fieldops_edit_table();
    void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libedit.3.dylib", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
#define FIELDOPS_EDIT_SYMBOL(name) api->name = (__typeof__(name) *)dlsym(library, #name); if (api->name == NULL) return;
    FIELDOPS_EDIT_SYMBOL(el_init)
    FIELDOPS_EDIT_SYMBOL(el_end)
    FIELDOPS_EDIT_SYMBOL(el_gets)
    FIELDOPS_EDIT_SYMBOL(el_set)
    FIELDOPS_EDIT_SYMBOL(el_get)
    FIELDOPS_EDIT_SYMBOL(el_reset)
    FIELDOPS_EDIT_SYMBOL(history_init)
    FIELDOPS_EDIT_SYMBOL(history_end)
    FIELDOPS_EDIT_SYMBOL(history)
#undef FIELDOPS_EDIT_SYMBOL
    api->loaded = 1;
}

/* The loaded table, or NULL when libedit is not on this machine (prompts then read plain lines). */
static inline struct fieldops_edit_api *fieldops_edit(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_edit_load);
    struct fieldops_edit_api *api = fieldops_edit_table();
    return api->loaded ? api : NULL;
}

typedef char *(*fieldops_prompt_fn)(EditLine *);

/* An editor on the process's terminal: keys from stdin, the prompt and the line on stderr. */
static inline EditLine *fieldops_el_open(const char *program) {
    struct fieldops_edit_api *api = fieldops_edit();
    if (api == NULL) return NULL;
    return api->el_init(program, stdin, stderr, stderr);
}

static inline void fieldops_el_configure(EditLine *el, History *history, fieldops_prompt_fn prompt, el_rfunc_t getc, void *context) {
    struct fieldops_edit_api *api = fieldops_edit();
    api->el_set(el, EL_EDITOR, "emacs");
    /* The core's interrupt handler owns SIGINT/SIGTERM; libedit must not install its own. */
    api->el_set(el, EL_SIGNAL, 0);
    api->el_set(el, EL_CLIENTDATA, context);
    api->el_set(el, EL_PROMPT, prompt);
    api->el_set(el, EL_GETCFN, getc);
    if (history != NULL) api->el_set(el, EL_HIST, api->history, history);
}

static inline void *fieldops_el_context(EditLine *el) {
    void *context = NULL;
    fieldops_edit()->el_get(el, EL_CLIENTDATA, &context);
    return context;
}

static inline History *fieldops_history_open(int size) {
    struct fieldops_edit_api *api = fieldops_edit();
    if (api == NULL) return NULL;
    History *history = api->history_init();
    if (history == NULL) return NULL;
    HistEvent event;
    api->history(history, &event, H_SETSIZE, size);
    return history;
}

static inline void fieldops_history_enter(History *history, const char *line) {
    HistEvent event;
    fieldops_edit()->history(history, &event, H_ENTER, line);
}
#endif
