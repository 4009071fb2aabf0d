// Compositor module (in progress).
