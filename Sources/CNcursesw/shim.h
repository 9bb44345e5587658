// The C side of TerminalUI: ncursesw with its wide-character API, plus static inline wrappers for what Swift
// cannot import (function-like and cast macros, and C globals that Swift 6 rejects as shared mutable state).
// Only the TerminalUI module imports this.
#ifndef TRIPTERM_CNCURSESW_SHIM_H
#define TRIPTERM_CNCURSESW_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600 and systemLibrary targets take no cSettings, so the wide API
// (cchar_t, setcchar, mvwadd_wch, wget_wch) must be switched on here, before the first ncurses header.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <signal.h>
#include <wchar.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <unistd.h>
// term.h last: it defines ~500 lower-case macros (lines, columns, bell, …). Code below this line must not use
// those names, even for parameters.
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#else
#include <curses.h>
#include <term.h>
#endif

// MARK: Globals (Swift 6 rejects C globals as "not concurrency-safe")

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_cchar_max(void) { return (int) (sizeof(((cchar_t *) 0)->chars) / sizeof(wchar_t)); }

// MARK: Attributes (NCURSES_BITS macros)

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }

// MARK: Characters

// glibc declares wcwidth only under _XOPEN_SOURCE, which the Glibc module was not built with.
extern int wcwidth(wchar_t);
/// Columns a character takes in the current locale (-1 for non-printable ones).
static inline int cn_wcwidth(wchar_t character) { return wcwidth(character); }

// MARK: Keys

static inline int cn_key_f(int n) { return KEY_F(n); }

// MARK: Mouse masks

static inline mmask_t cn_button_pressed(int button) {
    return (mmask_t) NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_PRESSED);
}
static inline mmask_t cn_button_released(int button) {
    return (mmask_t) NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_RELEASED);
}
static inline mmask_t cn_report_mouse_position(void) { return (mmask_t) REPORT_MOUSE_POSITION; }

// MARK: Terminal description

/// A string capability of the current terminal, or NULL when it is absent or cancelled (tigetstr's -1).
static inline const char *cn_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *) -1) ? NULL : value;
}

/// Looks `name` up in the terminfo database without creating a screen, and without ncurses ever printing or
/// exiting: 1 usable, 0 unknown terminal type, -1 no terminfo database, 2 no cursor addressing (dumb, hardcopy).
static inline int cn_probe_terminal(const char *name) {
    int status = 0;
    TERMINAL *previous = cur_term;
    if (setupterm(name, STDERR_FILENO, &status) != OK) {
        set_curterm(previous);
        return status == 1 ? 2 : status;
    }
    int usable = cn_string_capability("cup") != NULL;
    TERMINAL *probe = set_curterm(previous);
    if (probe != previous) del_curterm(probe);
    return usable ? 1 : 2;
}

// MARK: tty and signals

/// The size of the terminal on `fd` from the kernel (ioctl is variadic, so Swift cannot call it); 0 on success.
static inline int cn_window_size(int fd, int *out_height, int *out_width) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *out_height = size.ws_row;
    *out_width = size.ws_col;
    return 0;
}

/// The current disposition of `sig`: 0 default, 1 ignored, 2 a handler, -1 error.
static inline int cn_signal_disposition(int sig) {
    struct sigaction action;
    if (sigaction(sig, NULL, &action) != 0) return -1;
    if (action.sa_handler == SIG_DFL) return 0;
    if (action.sa_handler == SIG_IGN) return 1;
    return 2;
}
static inline void cn_signal_ignore(int sig) { signal(sig, SIG_IGN); }
static inline void cn_signal_default(int sig) { signal(sig, SIG_DFL); }

/// Unblocks `sig` in the calling thread, saving the previous mask in `old`.
static inline void cn_signal_unblock(int sig, sigset_t *old) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, old);
}
static inline void cn_signal_setmask(const sigset_t *mask) { pthread_sigmask(SIG_SETMASK, mask, NULL); }

#endif
