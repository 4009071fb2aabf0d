// GLES module (in progress).
