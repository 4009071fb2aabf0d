// COpenJPEG: OpenJPEG 2 (Debian: libopenjp2-7-dev), the JPEG 2000 codec the
// field trusts. Errors come back through message callbacks and false return
// values, never exit() or longjmp, so no Swift frame is ever skipped.
#include <openjpeg.h>
