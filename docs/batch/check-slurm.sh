#!/bin/bash
# `compositor check` as a Slurm job array: each array task checks its share of
# the list (SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN, of
# SLURM_ARRAY_TASK_COUNT; no --shard needed) into REPORT/shard-ID, on all the
# CPUs Slurm gave it. Submit from the repository root, then merge once all
# tasks ended:
#
#   jid=$(sbatch --parsable docs/batch/check-slurm.sh Fixtures/scenes report)
#   sbatch --dependency=afterany:$jid --output=report-merge.log \
#       --wrap ".build/release/compositor check merge report/shard-* --out report/all"
#
# Change --array for more or fewer shards; nothing else needs to agree with it.
#SBATCH --job-name=compositor-check
#SBATCH --array=0-3
#SBATCH --cpus-per-task=4
#SBATCH --mem=4G
#SBATCH --time=01:00:00
#SBATCH --output=compositor-check-%A_%a.log
set -u
SOURCE=${1:-Fixtures/scenes}
REPORT=${2:-report}
COMPOSITOR=${COMPOSITOR:-.build/release/compositor}
"$COMPOSITOR" check "$SOURCE" --out "$REPORT/shard-${SLURM_ARRAY_TASK_ID}" --jobs "${SLURM_CPUS_PER_TASK:-1}"
status=$?
# 1: the shard ran and some scenes failed (the merge reports it); 2: it could not run.
[ "$status" -le 1 ]
