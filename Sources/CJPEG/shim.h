// CJPEG: libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev). TurboJPEG
// and not jpeglib.h because libjpeg reports fatal errors through error_exit,
// which exits or longjmps; TurboJPEG catches those inside C and returns -1
// with a message, so no Swift frame is ever skipped.
#include <stdio.h>
#include <turbojpeg.h>
