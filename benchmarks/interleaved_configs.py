"""Configurations for the interleaved benchmark scripts: NAME=PATH followed by
optional VAR=VALUE environment settings, and the rotating order of a round.

Shared by bench_cpu_interleaved.py and bench_gles_modes.py, so both read a
configuration the same way and run each round in the same rotation (drift of
a shared machine then hits every configuration alike)."""
import os, sys


def parse(specs, tool, base_env=None):
    """[(name, path, env)] for `specs` ('NAME=PATH [VAR=VALUE ...]'); env is
    this process's environment, then `base_env`, then the settings. Exits with
    a message naming `tool` when a path is not an executable."""
    configs = []
    for c in specs:
        name, rest = c.split("=", 1)
        parts = rest.split()
        env = dict(os.environ, **(base_env or {}))
        for kv in parts[1:]:
            k, v = kv.split("=", 1)
            env[k] = v
        if not os.access(parts[0], os.X_OK):
            sys.exit(f"{tool}: '{name}': no executable at {parts[0]}")
        configs.append((name, parts[0], env))
    return configs


def rotation(configs, r):
    """The configurations in the order round `r` runs them."""
    k = r % len(configs)
    return configs[k:] + configs[:k]
