// GNU FriBidi (Debian libfribidi-dev), for the Text target's bidirectional
// order: the Unicode Bidirectional Algorithm's embedding levels per character.
#include <fribidi.h>

// The paragraph-direction constants are composed macros Swift cannot import.
static inline FriBidiParType cfribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType cfribidi_par_on(void) { return FRIBIDI_PAR_ON; }
