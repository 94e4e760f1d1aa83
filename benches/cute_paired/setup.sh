#!/bin/sh
# Makes a venv holding the CUDA host headers CuTe's host code includes (the
# three PyPI packages below, no GPU or CUDA install needed), and prints the
# include flags build.rs reads from CUTE_CUDA_INCLUDES. Without that
# variable build.rs looks in the venv itself (CUTE_VENV, default .venv here).
#   sh setup.sh            then: eval "$(sh setup.sh --print)" or export what it printed
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv=${CUTE_VENV:-$here/.venv}
python=${PYTHON:-python3}
# The versions BENCHMARKS.md's figures were measured with.
packages="nvidia-cuda-cccl-cu12==12.9.27 nvidia-cuda-runtime-cu12==12.9.79 nvidia-cuda-nvcc-cu12==12.9.86"

if [ "${1:-}" != "--print" ]; then
    [ -x "$venv/bin/pip" ] || "$python" -m venv "$venv"
    # --no-deps: only their headers are wanted, not the CUDA runtime's wheels.
    # shellcheck disable=SC2086
    "$venv/bin/pip" install --quiet --no-deps $packages >&2
fi
site=$(echo "$venv"/lib/python3*/site-packages/nvidia)
flags=""
for p in cuda_cccl cuda_runtime cuda_nvcc; do
    [ -d "$site/$p/include" ] || { echo "setup.sh: $site/$p/include missing" >&2; exit 1; }
    flags="$flags -I$site/$p/include"
done
echo "export CUTE_CUDA_INCLUDES='${flags# }'"
