// Compare module (in progress).
