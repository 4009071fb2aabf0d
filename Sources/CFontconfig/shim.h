// fontconfig (Debian libfontconfig-dev), for the Text target: fonts by
// family, style and weight, and the installed font that has a character
// the chosen one lacks.
#include <fontconfig/fontconfig.h>
